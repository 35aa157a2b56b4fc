/**
 * The console's pages, in one list (issue 60): the navigation may only link to these, the route
 * walk (`e2e/every-route.spec.ts`) opens each of them at 390 and 1440 px, and the dashboard bench
 * (`bench/dashboard`) measures each. A test checks the list against `app/(dashboard)`: a page
 * added without a line here fails it. Browser-safe.
 */

/** Pages a signed-in person opens without the id of anything. */
export const CONSOLE_PAGES = [
  "/",
  "/rates",
  "/settlement-requests",
  "/settlement-requests/new",
  "/payments",
  "/disbursements",
  "/disbursements/new",
  "/batches",
  "/balances",
  "/runway",
  "/returns",
  "/reconciliation",
  "/reports",
  "/payees",
  "/approvals",
  "/approvals/rules",
  "/approvals/rules/new",
  "/webhooks",
  "/events",
  "/request-log",
  "/inbox",
  "/sandbox",
  "/v1-payments",
  "/v1-payments/new",
  "/api-reference",
  "/settings",
  "/account",
  "/admin/users",
  "/admin/api-keys",
  "/admin/audit",
] as const;
export type ConsolePage = (typeof CONSOLE_PAGES)[number];

/** Pages of one thing: the walk and the bench open each with an id they made. */
export const CONSOLE_DETAIL_PAGES = [
  "/settlement-requests/[id]",
  "/payments/[id]",
  "/disbursements/[id]",
  "/v1-payments/[id]",
  "/batches/[id]",
  "/approvals/[id]",
  "/approvals/rules/[id]",
] as const;
export type ConsoleDetailPage = (typeof CONSOLE_DETAIL_PAGES)[number];

/** The reconciliation page's other views: the same page, opened on each. */
export const RECONCILIATION_VIEWS = ["exceptions", "close", "matches", "expected", "rules"] as const;

/** Pages deliberately in neither list, with the reason. */
export const UNLISTED_PAGES: Readonly<Record<string, string>> = {
  "/kit": "the component kit, for developers of the console; not a page of the product",
};

/** `/batches/[id]` with the id filled in. */
export const detailPath = (page: ConsoleDetailPage, id: string) => page.replace("[id]", encodeURIComponent(id));
