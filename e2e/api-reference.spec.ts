import { expect, test } from "./fixtures/auth";
import { watchErrors } from "./support/settlement";
import { lookAt } from "./support/screens";

test.use({ role: "developer" });

test("the API reference is rendered from the service's own OpenAPI document, offline, with operations, parameters and schemas", async ({
  page,
}) => {
  const errors = watchErrors(page);
  const external: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.hostname !== "localhost" && url.hostname !== "127.0.0.1") external.push(r.url());
  });
  await page.goto("/");
  await page.locator("aside").getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const create = page
    .getByTestId("operation")
    .filter({ hasText: "POST" })
    .filter({ hasText: "/v0/settlement-requests" })
    .first();
  await create.locator("summary").click();
  await expect(create.getByRole("link", { name: "SettlementRequestCreate" })).toBeVisible();
  await expect(create).toContainText("201");
  const get = page
    .getByTestId("operation")
    .filter({ hasText: "/v0/settlement-requests/{id}" })
    .filter({ hasText: "GET" })
    .first();
  await get.locator("summary").click();
  await expect(get.getByRole("table")).toContainText("id");
  await expect(page.getByTestId("operation").filter({ hasText: "/v0/events" }).first()).toContainText("extension");

  await create.getByRole("link", { name: "SettlementRequestCreate" }).click();
  await expect(page).toHaveURL(/#schema-SettlementRequestCreate$/);
  expect(external).toEqual([]);
  await lookAt(page, "test-results/screens/api-reference.png");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await lookAt(page, "test-results/screens/api-reference-390.png");
  expect(errors).toEqual([]);
});
