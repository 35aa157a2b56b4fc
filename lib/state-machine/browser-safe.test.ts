import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = path.dirname(new URL(import.meta.url).pathname);
const SOURCES = readdirSync(DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

/** The specifiers a file imports (static imports and re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(DIR, file), "utf8");
  return [...text.matchAll(/^(?:import|export)\b[^;]*?from\s+"([^"]+)"|^import\s+"([^"]+)"/gm)].map(
    (m) => m[1] ?? m[2],
  );
}

/** Every specifier a file reaches through this folder's relative imports. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  for (const spec of importsOf(file)) {
    if (!spec.startsWith("./")) {
      seen.add(spec);
      continue;
    }
    const next = `${spec.slice(2)}.ts`;
    if (!seen.has(next)) {
      seen.add(next);
      reach(next, seen);
    }
  }
  return seen;
}

describe("lib/state-machine", () => {
  it.each(SOURCES)("%s is pure and browser-safe: no server-only, Node, database or HTTP imports", (file) => {
    const outside = importsOf(file).filter((s) => !s.startsWith("./"));
    // Only decimal.js (amount comparison) and the catalog's event types come from outside.
    expect(outside.filter((s) => s !== "decimal.js" && s !== "@/lib/schemas/catalog")).toEqual([]);
  });

  it.each(["statuses.ts", "client-moves.ts", "sandbox.ts", "disbursements.ts", "v1-payments.ts", "webhooks.ts"])(
    "%s, which the dashboard and the schemas import, does not load decimal.js",
    (file) => {
      expect([...reach(file)]).not.toContain("decimal.js");
    },
  );
});
