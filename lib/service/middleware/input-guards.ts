import "server-only";
import type { Context } from "hono";
import { invalidField } from "../errors";
import type { ServiceEnv } from "../context";

const NUL = "\u0000";

/**
 * U+0000 in the path or the query is a 400 naming the parameter (decision D2.4), before any
 * handler hands it to PostgreSQL, which cannot store it. `paramAt` names a path segment.
 */
export function rejectNulInUrl(c: Context<ServiceEnv>, paramAt: (index: number) => string | undefined): void {
  const url = new URL(c.req.url);
  const segments = url.pathname.split("/");
  segments.forEach((segment, i) => {
    if (decodes(segment).includes(NUL))
      throw invalidField(paramAt(i) ?? "path", "Must not contain the NUL character (U+0000)");
  });
  for (const [name, value] of url.searchParams) {
    if (name.includes(NUL) || value.includes(NUL)) {
      throw invalidField(name.replaceAll(NUL, ""), "Must not contain the NUL character (U+0000)");
    }
  }
}

function decodes(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
