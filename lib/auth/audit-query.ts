/**
 * The audit page's filters as they travel in the URL (?user=&action=&result=&from=&to=&before=),
 * parsed leniently: a bad value is dropped, never an error page. Browser-safe.
 */
import { z } from "@/lib/schemas/zod";
import { ENVIRONMENTS } from "@/lib/schemas/catalog";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w.:@-]+$/);

export type AuditQuery = {
  user?: string;
  action?: string;
  result?: "ok" | "error";
  environment?: (typeof ENVIRONMENTS)[number];
  from?: string;
  to?: string;
  before?: string;
};

function pick<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : undefined;
}

export function parseAuditQuery(params: Record<string, string | string[] | undefined>): AuditQuery {
  return {
    user: pick(text, params.user),
    action: pick(text, params.action),
    result: pick(z.enum(["ok", "error"]), params.result),
    environment: pick(z.enum(ENVIRONMENTS), params.environment),
    from: pick(day, params.from),
    to: pick(day, params.to),
    before: pick(
      z
        .string()
        .max(200)
        .regex(/^[\w.:+-]+~[\w-]+$/),
      params.before,
    ),
  };
}

/** `from` is the start of that UTC day; `to` includes its whole day. */
export function dayRange(query: AuditQuery): { from?: Date; to?: Date } {
  const start = (d: string) => new Date(`${d}T00:00:00.000Z`);
  const valid = (d: Date) => (Number.isNaN(d.getTime()) ? undefined : d);
  return {
    from: query.from ? valid(start(query.from)) : undefined,
    to: query.to ? valid(new Date(start(query.to).getTime() + 86_400_000)) : undefined,
  };
}

/** The keyset cursor: `<ISO time>~<id>` of the last row shown. */
export const encodeCursor = (at: Date, id: string): string => `${at.toISOString()}~${id}`;
export function decodeCursor(value: string | undefined): { at: Date; id: string } | undefined {
  if (!value) return undefined;
  const [at, id] = value.split("~");
  const date = new Date(at ?? "");
  return id && !Number.isNaN(date.getTime()) ? { at: date, id } : undefined;
}

export function auditHref(query: AuditQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const s = search.toString();
  return s ? `/admin/audit?${s}` : "/admin/audit";
}
