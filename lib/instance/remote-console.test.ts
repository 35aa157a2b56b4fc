/**
 * A console in front of a remote service (EMBEDDED_SERVICE=off) never loads the embedded
 * service (issue 45): no static import from any page, route, layout, server action, the API
 * client or the instance's own wiring reaches the service's heads (its Hono app, runtime,
 * workers, standalone server). The only ways in are dynamic imports behind `embeddedService()`
 * (lib/instance/jobs.ts, metrics) and the first /v0 call when it is on (lib/service/next-handler.ts).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chainTo, filesUnder, ROOT, staticImports } from "@/lib/testing/import-graph";

const HEADS = new Set([
  "lib/service/app.ts",
  "lib/service/runtime.ts",
  "lib/service/workers.ts",
  "lib/service/standalone.ts",
]);
const source = (n: string) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n);

describe("a console with EMBEDDED_SERVICE=off", () => {
  it("reads static imports, multi-line ones included, and not type-only ones", () => {
    const text = `import "server-only";\nimport {\n  a,\n  b,\n} from "@/lib/x";\nimport type { T } from "@/lib/t";\nexport { c } from "./c";\nconst s = "from \\"nowhere\\"";`;
    expect(staticImports(text)).toEqual(["@/lib/x", "./c", "server-only"]);
  });

  it("never loads the embedded service from a page, route, action, the API client or the instance wiring", () => {
    const entries = [
      join(ROOT, "instrumentation.ts"),
      ...filesUnder(join(ROOT, "app"), (n) => /^(page|layout|route|loading|error|not-found)\.tsx?$/.test(n)),
      ...filesUnder(join(ROOT, "lib", "actions"), source),
      ...filesUnder(join(ROOT, "lib", "instance"), source),
      ...filesUnder(join(ROOT, "lib", "settlement-api"), source),
    ];
    expect(entries.length).toBeGreaterThan(100);
    expect(chainTo(entries, (m) => HEADS.has(m))).toBeNull();
  });

  it("would see it if one did (the check can fail)", () => {
    expect(chainTo([join(ROOT, "lib", "service", "testing", "harness.ts")], (m) => HEADS.has(m))?.at(-1)).toMatch(
      /^lib\/service\/(app|runtime|workers)\.ts$/,
    );
  });
});
