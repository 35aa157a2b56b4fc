import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { NAV_ITEMS } from "@/components/shell/nav-items";
import { CONSOLE_DETAIL_PAGES, CONSOLE_PAGES, UNLISTED_PAGES } from "./console-routes";

const ROOT = join(process.cwd(), "app", "(dashboard)");

function pagesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pagesUnder(path);
    return name === "page.tsx" ? [`/${relative(ROOT, dir)}`.replace(/\/$/, "") || "/"] : [];
  });
}

describe("the console's one route list (issue 60)", () => {
  const onDisk = pagesUnder(ROOT).sort();

  it("lists every page under app/(dashboard), and nothing that is not there", () => {
    const listed = [...CONSOLE_PAGES, ...CONSOLE_DETAIL_PAGES, ...Object.keys(UNLISTED_PAGES)].sort();
    expect(listed).toEqual(onDisk);
  });

  it("the navigation links only to listed pages", () => {
    for (const item of NAV_ITEMS) expect(CONSOLE_PAGES as readonly string[]).toContain(item.href);
  });
});
