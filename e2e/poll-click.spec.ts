/**
 * A click is never held behind a poll (issue 34, decisions D12.16). Next dispatches a page's
 * server actions one at a time, so a detail screen polling through an action would hold a
 * click's mutation until the poll came back. The detail screens poll GET /live/… instead: with
 * a poll made to take 2 s, the click's action still leaves at once.
 */
import { expect, test } from "./fixtures/auth";
import { createRequestViaApi, sandboxKey, unique } from "./support/settlement";

test("with a slow poll in flight, a click's mutation leaves at once", async ({ page, request }) => {
  const { id } = await createRequestViaApi(request, unique("poll"));
  // FUNDS_SENT: the page reads the request again every 2.5 s while it moves.
  const moved = await request.put(`/v0/settlement-requests/${id}`, {
    headers: { "X-Api-Key": sandboxKey() },
    data: { status: "FUNDS_SENT" },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  let pollStartedAt = 0;
  await page.route(`**/live/settlement-requests/${id}`, async (route) => {
    pollStartedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2_000));
    await route.continue();
  });
  await page.goto(`/settlement-requests/${id}`);
  await expect(page.getByTestId("request-status")).toContainText("Funds sent");
  await expect.poll(() => pollStartedAt, { timeout: 10_000 }).toBeGreaterThan(0);

  let actionLeftAt = 0;
  page.on("request", (r) => {
    if (!actionLeftAt && r.method() === "POST" && r.headers()["next-action"]) actionLeftAt = Date.now();
  });
  const clickedAt = Date.now();
  await page.getByRole("button", { name: "Payin received" }).click();
  await expect.poll(() => actionLeftAt, { timeout: 10_000 }).toBeGreaterThan(0);
  // The poll is still waiting (2 s); the click's action did not wait for it.
  expect(actionLeftAt - clickedAt).toBeLessThan(1_000);
  expect(actionLeftAt).toBeLessThan(pollStartedAt + 2_000);
  await expect(page.getByTestId("request-status")).toContainText(/Settlement (sent|completed)/, { timeout: 20_000 });
});
