/**
 * The manifest over the import graph (issue 60): every source file stands in a room of
 * test/architecture/manifest.ts, and every import keeps to its floors; a break fails naming the
 * file, its line, the import and the rule. The first case proves the check fails on a break.
 */
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, importEdges, ROOT } from "@/lib/testing/import-graph";
import { ACCEPTED_UPWARD, FLOORS } from "./manifest";
import { checkImports, roomOf, type Manifest } from "./manifest-check";

const manifest = { floors: FLOORS, accepted: ACCEPTED_UPWARD };
const TOP_FILES = ["proxy.ts", "instrumentation.ts", "next.config.ts"];
const isTest = (path: string) => /\.(test|spec)\.tsx?$|\.fixture\.ts$/.test(path);

/** The product's source files (tests, fixtures and the e2e journeys may import anything). */
function productFiles(): string[] {
  const keep = (name: string) => /\.(ts|tsx|mts|mjs)$/.test(name);
  return [
    ...["app", "components", "lib", "scripts", "bench"].flatMap((dir) => filesUnder(`${ROOT}/${dir}`, keep)),
    ...TOP_FILES.map((f) => `${ROOT}/${f}`),
  ]
    .map((p) => relative(ROOT, p))
    .filter((p) => !isTest(p) && !p.startsWith("lib/testing/"));
}

describe("the manifest check", () => {
  const small: Manifest = {
    floors: [
      { name: "bottom", rooms: { "lib/money": {}, "lib/db": { only: [] } } },
      { name: "features", rooms: { "lib/batches": {}, "lib/approvals": {}, "lib/reports": { uses: ["lib/batches"] } } },
    ],
    accepted: [{ from: "lib/money/a.ts", to: "lib/batches/x.ts", why: "for the test" }],
  };
  const edge = (from: string, to: string, line = 3) => ({ from, to, specifier: `@/${to.replace(/\.ts$/, "")}`, line });

  it("fails on an import up a floor, across features, or outside `only`, naming the file, line and import", () => {
    const { violations, unused } = checkImports(small, [
      edge("lib/money/format.ts", "lib/approvals/rules.ts", 7),
      edge("lib/batches/send.ts", "lib/approvals/hold.ts", 12),
      edge("lib/db/pool.ts", "lib/money/decimal.ts", 2),
      edge("lib/reports/run.ts", "lib/batches/store.ts"),
      edge("lib/batches/send.ts", "lib/money/decimal.ts"),
      edge("lib/batches/send.ts", "lib/batches/store.ts"),
      edge("lib/nowhere/x.ts", "lib/money/decimal.ts"),
    ]);
    expect(violations.map((v) => v.message)).toEqual([
      'lib/money/format.ts:7 imports "@/lib/approvals/rules" (lib/approvals/rules.ts): lib/approvals stands on a higher floor than lib/money',
      'lib/batches/send.ts:12 imports "@/lib/approvals/hold" (lib/approvals/hold.ts): lib/batches and lib/approvals stand on one floor and lib/batches does not name lib/approvals in its uses',
      'lib/db/pool.ts:2 imports "@/lib/money/decimal" (lib/money/decimal.ts): lib/db may use only nothing of the project',
      'lib/nowhere/x.ts:3 imports "@/lib/money/decimal" (lib/money/decimal.ts): lib/nowhere/x.ts is in no room of the manifest',
    ]);
    // An accepted exception nothing needs any more is reported, so the list only shrinks.
    expect(unused).toEqual(["lib/money/a.ts -> lib/batches/x.ts"]);
  });

  it("puts a file in the longest room that holds it", () => {
    expect(roomOf(manifest, "lib/approvals/hold.ts")).toBe("lib/approvals");
    expect(roomOf(manifest, "components/payees/add-payee-form.tsx")).toBe("components");
    expect(roomOf(manifest, "lib/unknown/file.ts")).toBeNull();
  });
});

describe("this tree against its manifest", () => {
  const files = productFiles();

  it("has every source file in a room: a new folder is one manifest line", () => {
    expect(files.filter((f) => roomOf(manifest, f) === null)).toEqual([]);
  });

  it("keeps every import to its floors, and every accepted exception is still needed", () => {
    const { violations, unused } = checkImports(manifest, importEdges(files));
    expect(violations.map((v) => v.message)).toEqual([]);
    expect(unused).toEqual([]);
  });
});
