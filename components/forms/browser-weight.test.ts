/**
 * What pages ship to the browser (issue 45, decisions D16.2): no page's browser part imports zod
 * statically (a form loads its schema on the first validation, lazyResolver), so a form's schema
 * or a helper beside one never brings ~90 kB into a page again, as it did to /payees, /account
 * and /request-log. decimal.js stays out of every page but the few that compute with it.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chainTo, filesUnder, ROOT } from "@/lib/testing/import-graph";

const pages = filesUnder(join(ROOT, "app"), (n) => /^(page|layout)\.tsx$/.test(n));
/** Pages that compute amounts in the browser (a disbursement's total with its fee, a payment's sandbox move, a batch's balance after). */
const DECIMAL_PAGES = new Set([
  "app/(dashboard)/disbursements/new/page.tsx",
  "app/(dashboard)/payments/[id]/page.tsx",
  "app/(dashboard)/batches/[id]/page.tsx",
]);

describe("the browser's part of every page", () => {
  it("reads the pages", () => expect(pages.length).toBeGreaterThan(30));

  it.each(pages.map((p) => [p.slice(ROOT.length)]))("%s ships no zod", (page) => {
    expect(chainTo([join(ROOT, page)], (m) => m === "zod", { browserOnly: true })).toBeNull();
  });

  it.each(pages.filter((p) => !DECIMAL_PAGES.has(p.slice(ROOT.length))).map((p) => [p.slice(ROOT.length)]))(
    "%s ships no decimal.js",
    (page) => {
      expect(chainTo([join(ROOT, page)], (m) => m === "decimal.js", { browserOnly: true })).toBeNull();
    },
  );

  it("would see zod if a page's component imported a schema (the check can fail)", () => {
    expect(
      chainTo([join(ROOT, "components", "payees", "payee-form-resolver.ts")], (m) => m === "zod", {
        browserOnly: false,
      })?.at(-1),
    ).toBe("zod");
  });
});
