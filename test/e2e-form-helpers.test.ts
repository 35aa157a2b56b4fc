/**
 * Journeys type into forms one way (issue 48): through e2e/support/forms.ts, which waits for
 * React's hydration and checks that the value held. A bare `fill`, `selectOption`, `check` or
 * `uncheck` in a spec races hydration on a slow machine; this test names each one it finds.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const HELPERS = join("e2e", "support", "forms.ts");
const BARE = /\.(fill|selectOption|check|uncheck|setChecked)\(/g;

function journeyFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return journeyFiles(path);
    return path.endsWith(".ts") && path !== HELPERS ? [path] : [];
  });
}

/** Every `.fill(` and its kin outside comments, as "file:line: text". */
function bareFormCalls(path: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "");
    if (/^\s*\*/.test(code)) return;
    for (const match of code.matchAll(BARE)) found.push(`${path}:${i + 1}: ${match[0]} ${line.trim()}`);
  });
  return found;
}

describe("journeys type into forms through e2e/support/forms.ts", () => {
  it("finds a bare fill, selectOption and check when there is one (the check can fail)", () => {
    const spec = [
      'await page.getByLabel("Email").fill("a@b.c");',
      "// a comment may say .fill( freely",
      " * and so may a doc comment: .check(",
      'await page.getByLabel("Type").selectOption("X");',
      "await box.check();",
      'await typeInto(page.getByLabel("Email"), "a@b.c");',
    ].join("\n");
    expect(bareFormCalls("x.spec.ts", spec).map((f) => f.split(": ")[1]?.split(" ")[0])).toEqual([
      ".fill(",
      ".selectOption(",
      ".check(",
    ]);
  });

  it("no spec or support file types into a form any other way", () => {
    const found = journeyFiles("e2e").flatMap((path) => bareFormCalls(path, readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });
});
