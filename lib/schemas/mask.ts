/**
 * Masking of bank identifiers in responses (decisions D5): last four characters shown.
 * Plain functions, no schema library: pages that only show masked values (the request log, the
 * webhooks page) do not ship zod (issue 45). The response schema is in destination-output.ts.
 */
import { MASKED_BANK_FIELDS } from "./bank-shapes";

export const MASK_PREFIX = "••••";

/** "123456789" → "••••6789". */
export function maskTail(value: string): string {
  return MASK_PREFIX + value.slice(-4);
}

/**
 * A console inbox's capability URL (`…/inbox/ibx_<id>`) cut to what identifies it, `…/inbox/ibx_AbCdEf…`
 * (issue 42): whoever knows the whole URL can post to that inbox, so endpoint and event reads
 * never show it whole. Any other URL comes back unchanged, and a cut one is never cut again.
 */
export function maskInboxUrl(url: string): string {
  return url.replace(/(\/inbox\/ibx_[A-Za-z0-9_-]{6})[A-Za-z0-9_-]{4,}/g, "$1…");
}

/**
 * A URL people may read but not reuse: a console inbox's path cut as above, the query's values
 * and any user and password replaced with "…" (a report schedule's receiver may carry a token
 * there). "https://u:p@erp.example/hook?token=abc&x=1" → "https://…@erp.example/hook?token=…&x=…".
 * Text that is not a URL comes back as maskInboxUrl leaves it.
 */
export function maskUrlSecrets(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return maskInboxUrl(url);
  }
  const auth = parsed.username || parsed.password ? "…@" : "";
  const query = [...parsed.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=…`).join("&");
  return maskInboxUrl(
    `${parsed.protocol}//${auth}${parsed.host}${parsed.pathname}${query ? `?${query}` : ""}${parsed.hash ? "#…" : ""}`,
  );
}

/**
 * A copy of `value` with every bank identifier in it (the fields bank-shapes.ts masks, at any depth)
 * masked to its last four characters (issue 43): a held call as people read it. The stored call,
 * sent on approval, keeps them whole.
 */
export function maskBankFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskBankFields(v)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        MASKED_BANK_FIELDS.has(k) && typeof v === "string" ? maskTail(v.replace(/\s/g, "")) : maskBankFields(v),
      ]),
    ) as T;
  }
  return value;
}
