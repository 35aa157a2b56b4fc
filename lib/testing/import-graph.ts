/**
 * The static import graph of the source tree, as tests read it (issue 45): which files a file
 * imports (type-only imports left out: they vanish at build), and where a chain of them leads.
 * A file marked "use client" starts the browser's part of the graph; a "use server" file is
 * only a reference there.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every static import and re-export of a file's text (type-only ones left out). */
export function staticImports(text: string): string[] {
  const found: string[] = [];
  const clause = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)([^;=]*?)\s*from\s*["']([^"']+)["']/g;
  for (const m of text.matchAll(clause)) found.push(m[2] as string);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) found.push(m[1] as string);
  return found;
}

/** A project file's path for an import, or the package's name for a package. */
export function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? join(dirname(from), spec)
      : null;
  if (!base) return spec;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    `${base}.mts`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name), keep) : keep(d.name) ? [join(dir, d.name)] : [],
  );
}

/**
 * The first chain of static imports from `entries` to a module `reached` accepts (a project path,
 * or a package name), or null. `browserOnly`: only the part of the graph that runs in the browser.
 */
export function chainTo(
  entries: string[],
  reached: (module: string) => boolean,
  { browserOnly = false }: { browserOnly?: boolean } = {},
): string[] | null {
  const parent = new Map<string, string | null>();
  const queue: Array<[string, string | null, boolean]> = entries.map((e) => [e, null, false]);
  while (queue.length > 0) {
    const [file, from, inBrowser] = queue.shift() as [string, string | null, boolean];
    const key = `${file}|${inBrowser}`;
    if (parent.has(key)) continue;
    parent.set(key, from);
    const local = file.startsWith("/");
    const text = local ? readFileSync(file, "utf8") : "";
    const browser = inBrowser || /^\s*["']use client["']/.test(text);
    if ((!browserOnly || browser) && reached(local ? relative(ROOT, file) : file)) {
      const chain: string[] = [];
      for (let at: string | null | undefined = key; at; at = parent.get(at)) {
        const path = at.slice(0, at.lastIndexOf("|"));
        chain.unshift(path.startsWith("/") ? relative(ROOT, path) : path);
      }
      return chain;
    }
    if (!local || (inBrowser && /^\s*["']use server["']/.test(text))) continue;
    for (const spec of staticImports(text)) {
      const next = resolveImport(file, spec);
      if (next) queue.push([next, key, browser]);
    }
  }
  return null;
}

/** One import of a project file, as the manifest test reads it (issue 60): type-only and dynamic ones included. */
export type ImportEdge = { from: string; to: string; specifier: string; line: number };

const EVERY_IMPORT = [
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^;=]*?\s*from\s*["']([^"']+)["']/g,
  /(?:^|\n)\s*import\s+["']([^"']+)["']/g,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every import of `files` (paths from the root) that names a project file, with the line it is on. */
export function importEdges(files: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = readFileSync(join(ROOT, from), "utf8");
    for (const pattern of EVERY_IMPORT)
      for (const m of text.matchAll(pattern)) {
        const specifier = m[1] as string;
        const to = resolveImport(join(ROOT, from), specifier);
        if (!to?.startsWith("/")) continue;
        const at = (m.index ?? 0) + m[0].indexOf(specifier);
        edges.push({ from, to: relative(ROOT, to), specifier, line: text.slice(0, at).split("\n").length });
      }
  }
  return edges;
}
