/**
 * Every signed-in route, at 390 px and at 1440 px: nothing scrolls sideways on a phone,
 * axe-core finds no serious or critical violation (contrast, names, landmarks, lists), and the
 * page carries its security headers and works under its nonce Content-Security-Policy.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, ConsoleMessage, Page } from "@playwright/test";
import { CONSOLE_PAGES, RECONCILIATION_VIEWS } from "../lib/dashboard/console-routes";
import { expect, test } from "./fixtures/auth";
import { createRequest } from "./support/inbox";
import { VALID, createRequestViaApi, sandboxKey, unique } from "./support/settlement";
import { lookAt } from "./support/screens";

const STATIC_ROUTES = [...CONSOLE_PAGES, ...RECONCILIATION_VIEWS.map((view) => `/reconciliation?view=${view}`)];

/** The longest values the API takes, without a space to break at: the layout must wrap or cut them (issue 35, finding 3). */
const LONG = {
  externalId: `LONG-${"x".repeat(250)}`,
  description: `A webhook endpoint description that goes on ${"and-on-".repeat(56)}`.slice(0, 500),
  metadataValue: "m".repeat(500),
};

async function detailRoutes(request: APIRequestContext): Promise<string[]> {
  const headers = { "X-Api-Key": sandboxKey() };
  const req = await createRequest(request);
  const long = await createRequestViaApi(request, LONG.externalId, {
    [`k${"e".repeat(38)}`]: LONG.metadataValue,
    note: LONG.metadataValue,
  });
  const hook = await request.post("/v0/webhooks", {
    headers,
    data: { url: `http://127.0.0.1:9/${"p".repeat(300)}`, events: ["payment.created"], description: LONG.description },
  });
  expect(hook.status(), await hook.text()).toBe(201); // shown on /webhooks, with the long request on the lists
  const full = (await (await request.get(`/v0/settlement-requests/${req.id}`, { headers })).json()) as {
    inbound_payment: { id: string };
  };
  const disbursement = await request.post("/v0/disbursements", {
    headers: { ...headers, "Idempotency-Key": unique("axe") },
    data: { wallet_address: VALID.solana, amount: "1.00", currency: "USDC" },
  });
  expect(disbursement.status(), await disbursement.text()).toBe(201);
  const v1 = await request.post("/v1/payments", {
    headers,
    data: {
      type: "LIQUIDITY",
      amount: "1.00",
      currency_code: "USDC",
      chain: "SOLANA",
      destination_wallet: VALID.solana,
      idempotency_key: unique("axe"),
    },
  });
  expect(v1.status(), await v1.text()).toBe(201);
  return [
    `/settlement-requests/${long.id}`,
    `/settlement-requests?external_id=${encodeURIComponent(LONG.externalId)}`,
    `/settlement-requests/${req.id}`,
    `/payments/${full.inbound_payment.id}`,
    `/disbursements/${((await disbursement.json()) as { id: string }).id}`,
    `/v1-payments/${((await v1.json()) as { id: string }).id}`,
  ];
}

async function check(page: Page, route: string): Promise<string[]> {
  const problems: string[] = [];
  // The security headers (security review, finding 3): the page works under its nonce CSP.
  const blocked: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/.test(m.text())) blocked.push(m.text().slice(0, 160));
  };
  page.on("console", onConsole);
  const response = await page.goto(route);
  const headers = response?.headers() ?? {};
  if (!/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/.test(headers["content-security-policy"] ?? ""))
    problems.push(`${route}: no nonce CSP`);
  if (!(headers["content-security-policy"] ?? "").includes("frame-ancestors 'none'"))
    problems.push(`${route}: can be framed`);
  if (headers["x-content-type-options"] !== "nosniff") problems.push(`${route}: no nosniff`);
  if (headers["referrer-policy"] !== "strict-origin-when-cross-origin") problems.push(`${route}: no Referrer-Policy`);
  await expect(page.locator("h1").first()).toBeVisible();
  await page.waitForTimeout(300); // client widgets settle (live figures, lists)
  page.off("console", onConsole);
  for (const text of blocked) problems.push(`${route}: CSP blocked ${text}`);
  const width = await page.evaluate(() => {
    const view = window.innerWidth;
    const scroll = document.scrollingElement?.scrollWidth ?? 0;
    if (scroll <= view) return { scroll, view, wide: [] as string[] };
    // The elements that stick out, outside any box that scrolls on its own: what to fix.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement)
        if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > view + 1 && !clipped(el))
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}`);
    return { scroll, view, wide };
  });
  const name =
    route === "/"
      ? "overview"
      : route
          .slice(1)
          .replace(/[?=&%]/g, "-")
          .replaceAll("/", "_")
          .replace(/[0-9a-f-]{36}/, "id")
          .slice(0, 80);
  await lookAt(page, `test-results/screens/routes/${name}-${width.view}.png`, { fullPage: true });
  if (width.scroll > width.view)
    problems.push(`${route}: ${width.scroll} px wide at ${width.view} px (${width.wide.join(" | ")})`);
  // Code and JSON blocks open too (issue 35, finding 24): every folded panel unfolded before axe looks.
  const openWidth = await page.evaluate(() => {
    for (const d of document.querySelectorAll("details")) d.open = true;
    return document.scrollingElement?.scrollWidth ?? 0;
  });
  if (openWidth > width.view) problems.push(`${route}: ${openWidth} px wide at ${width.view} px with its panels open`);
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  for (const v of axe.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    problems.push(
      `${route} (${width.view} px): ${v.id} [${v.impact}] ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
    );
  }
  return problems;
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** The static routes in groups of this many: a test each, so one slow page costs a group's retry, not the sweep's. */
const GROUP = 9;
const groups = Array.from({ length: Math.ceil(STATIC_ROUTES.length / GROUP) }, (_, i) =>
  STATIC_ROUTES.slice(i * GROUP, (i + 1) * GROUP),
);

for (const viewport of VIEWPORTS)
  for (const [i, routes] of groups.entries())
    test(`every route (${i + 1}/${groups.length}) at ${viewport.width} px: no sideways scroll, no serious or critical axe-core violation`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const problems: string[] = [];
      for (const route of routes) problems.push(...(await check(page, route)));
      expect(problems).toEqual([]);
    });

for (const viewport of VIEWPORTS)
  test(`every detail route at ${viewport.width} px, with the longest values the API takes: no sideways scroll, no serious or critical axe-core violation`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // A batch under review with a bad row and a long file name (its page shows problems, totals and the receipt).
    const uploaded = await page.request.post(
      `/batches/upload?kind=disbursement&name=${encodeURIComponent(`axe-${"x".repeat(120)}.csv`)}`,
      {
        headers: {
          Origin: baseURL ?? "",
          "Sec-Fetch-Site": "same-origin",
          "X-Console-Environment": "sandbox",
          "Content-Type": "text/csv",
        },
        data: `wallet_address,amount,currency,chain\n${VALID.solana},1.00,USDC,SOLANA\nnot-an-address,1,USDX,SOLANA\n`,
      },
    );
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const batchRoute = `/batches/${((await uploaded.json()) as { id: string }).id}`;
    const routes = [...(await detailRoutes(request)), batchRoute];
    await page.setViewportSize(viewport);
    const problems: string[] = [];
    for (const route of routes) problems.push(...(await check(page, route)));
    expect(problems).toEqual([]);
  });

test.describe("signed out", () => {
  test.use({ role: null });
  test("the sign-in page: no sideways scroll at 390 px and no serious axe-core violation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await check(page, "/sign-in")).toEqual([]);
  });
});
