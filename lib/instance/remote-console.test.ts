/**
 * A console in front of a remote service (EMBEDDED_SERVICE=off) never loads the embedded
 * service (issue 45): no static import from any page, route, layout, server action, the API
 * client or the instance's own wiring reaches the service's heads (its Hono app, runtime,
 * workers, standalone server). The only ways in are dynamic imports behind `embeddedService()`
 * (lib/instance/jobs.ts, metrics) and the first /v0 call when it is on (lib/service/next-handler.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HEADS = ["lib/service/app.ts", "lib/service/runtime.ts", "lib/service/workers.ts", "lib/service/standalone.ts"];

/** Every static import and re-export of a file (type-only ones left out: they vanish at build). */
function staticImports(text: string): string[] {
  const found: string[] = [];
  const clause = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)([^;=]*?)\s*from\s*["']([^"']+)["']/g;
  for (const m of text.matchAll(clause)) found.push(m[2] as string);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) found.push(m[1] as string);
  return found;
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? join(dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name), keep) : keep(d.name) ? [join(dir, d.name)] : [],
  );
}

/** The first chain of static imports from `entries` to a head, or null. */
function pathToHead(entries: string[]): string[] | null {
  const heads = new Set(HEADS.map((h) => join(ROOT, h)));
  const from = new Map<string, string | null>(entries.map((e) => [e, null]));
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (heads.has(file)) {
      const chain = [file];
      for (let at = from.get(file); at; at = from.get(at)) chain.unshift(at);
      return chain.map((f) => relative(ROOT, f));
    }
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      const next = resolve(file, spec);
      if (next && !from.has(next)) {
        from.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe("a console with EMBEDDED_SERVICE=off", () => {
  it("reads static imports, multi-line ones included, and not type-only ones", () => {
    const text = `import "server-only";\nimport {\n  a,\n  b,\n} from "@/lib/x";\nimport type { T } from "@/lib/t";\nexport { c } from "./c";\nconst s = "from \\"nowhere\\"";`;
    expect(staticImports(text)).toEqual(["@/lib/x", "./c", "server-only"]);
  });

  it("never loads the embedded service from a page, route, action, the API client or the instance wiring", () => {
    const entries = [
      join(ROOT, "instrumentation.ts"),
      ...filesUnder(join(ROOT, "app"), (n) => /^(page|layout|route|loading|error|not-found)\.tsx?$/.test(n)),
      ...filesUnder(join(ROOT, "lib", "actions"), (n) => /\.ts$/.test(n) && !/\.test\.ts$/.test(n)),
      ...filesUnder(join(ROOT, "lib", "instance"), (n) => /\.ts$/.test(n) && !/\.test\.ts$/.test(n)),
      ...filesUnder(join(ROOT, "lib", "settlement-api"), (n) => /\.ts$/.test(n) && !/\.test\.ts$/.test(n)),
    ];
    expect(entries.length).toBeGreaterThan(100);
    expect(pathToHead(entries)).toBeNull();
  });

  it("would see it if one did (the check can fail)", () => {
    expect(pathToHead([join(ROOT, "lib", "service", "standalone.ts")])).toEqual(["lib/service/standalone.ts"]);
    expect(pathToHead([join(ROOT, "lib", "service", "testing", "harness.ts")])?.at(-1)).toMatch(/^lib\/service\//);
  });
});
