/**
 * The README a newcomer reads in two minutes (issue 60): at most 8 KB, no dated figures (those
 * live in docs/measurements with the commit and command that made them), every link to a file
 * that exists; and every decision id the code or the docs cite is written in docs/decisions/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const readme = readFileSync("README.md", "utf8");

function files(dir: string, ends: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, ends));
    else if (ends.some((e) => name.endsWith(e))) out.push(path);
  }
  return out;
}

describe("the README and the docs", () => {
  it("the README is at most 8 KB and carries no dated figure", () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(8 * 1024);
    const dated = readme.match(
      /\b(on|of|measured|since|until) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|\b20\d\d-\d\d-\d\d\b/g,
    );
    expect(dated).toBeNull();
    for (const words of ["npm start", "npm test"]) expect(readme).toContain(words);
  });

  it("every relative link of the README and docs/ leads to a file", () => {
    const broken: string[] = [];
    for (const file of ["README.md", ...files("docs", [".md"])]) {
      const text = readFileSync(file, "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        if (!target || /^[a-z]+:/.test(target)) continue;
        if (!existsSync(join(dirname(file), target))) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every decision id cited in the code and the docs is written in docs/decisions/", () => {
    const defined = new Set<string>();
    for (const file of files("docs/decisions", [".md"]))
      for (const [, id] of readFileSync(file, "utf8").matchAll(/\*\*(D\d+\.\d+)/g)) defined.add(id as string);
    expect(defined.size).toBeGreaterThan(200);
    const missing: string[] = [];
    for (const file of [
      "README.md",
      ...["lib", "app", "components", "scripts", "e2e", "docs", "test"].flatMap((d) =>
        files(d, [".ts", ".tsx", ".mjs", ".md"]),
      ),
    ]) {
      const text = readFileSync(file, "utf8");
      for (const [id] of text.matchAll(/\bD\d+\.\d+\b/g)) if (!defined.has(id)) missing.push(`${file}: ${id}`);
    }
    expect(missing).toEqual([]);
  });
});
