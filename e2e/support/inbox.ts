/**
 * Inbox journeys' helpers: create and register an inbox through the page, drive the embedded
 * service's sandbox through its API, and sign bodies the way the service does (independently:
 * node's crypto here, not lib/webhooks).
 */
import { createHmac } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { createRequestViaApi, sandboxKey, unique } from "./settlement";

export type InboxHandle = { id: string; url: string; webhookId: string | null };

/** Inbox page → New inbox → (optionally) Register as sandbox endpoint. */
export async function createInbox(page: Page, options: { register: boolean }): Promise<InboxHandle> {
  await page.goto("/inbox");
  await page.getByRole("button", { name: "New inbox" }).first().click();
  await page.waitForURL(/\/inbox\?box=ibx_/);
  const id = new URL(page.url()).searchParams.get("box") ?? "";
  await expect(page.getByTestId("inbox-url")).toContainText(`/inbox/${id}`);
  await expect(page.getByTestId("stream-state")).toHaveAttribute("data-state", "live");
  let webhookId: string | null = null;
  if (options.register) {
    await page.getByRole("button", { name: "Register as sandbox endpoint" }).click();
    const registration = page.getByTestId("inbox-registration");
    await expect(registration).toContainText("Registered (sandbox)");
    await expect(registration).toContainText("signing secret kept on the server");
    webhookId = (await registration.locator("code").textContent())?.trim() ?? null;
    await expect(page.getByTestId("stream-state")).toHaveAttribute("data-state", "live");
  }
  return { id, url: `/inbox/${id}`, webhookId };
}

/** Deletes an inbox from its page, as its owner would, and waits until the page has left it. */
export async function deleteInboxOnPage(page: Page, id: string): Promise<void> {
  await page.goto(`/inbox?box=${id}`);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete inbox" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("box")).not.toBe(id);
}

/** A STABLECOIN_TO_FIAT request through the API, with metadata of the caller's choice. */
export async function createRequest(
  request: APIRequestContext,
  metadata: Record<string, string> = {},
): Promise<{ id: string; externalId: string }> {
  const externalId = unique("inbox");
  const { id } = await createRequestViaApi(request, externalId, metadata);
  return { id, externalId };
}

/** The sandbox PATCH: any status, fires settlement_request.updated. */
export async function patchStatus(request: APIRequestContext, id: string, status: string): Promise<void> {
  const res = await request.patch(`/v0/sandbox/settlement-requests/${id}/status`, {
    headers: { "X-Api-Key": sandboxKey() },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export function sign(secret: string, body: string, t: number): string {
  return createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
}

/** The message card of the newest message about `resourceId` with `eventType`. */
export function messageFor(page: Page, resourceId: string, eventType: string) {
  return page
    .getByTestId("inbox-message")
    .filter({ has: page.getByTestId("resource-id").getByText(resourceId, { exact: true }) })
    .filter({ has: page.getByTestId("event-type").getByText(eventType, { exact: true }) });
}
