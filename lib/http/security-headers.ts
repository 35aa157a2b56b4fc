/**
 * The security headers of every console response (docs/decisions/ D13.9). Edge-safe: the
 * proxy and next.config.ts both read it.
 */

/** On every response, pages, API and static files alike. */
export const BASE_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** Two years, subdomains included: sent only on a response that went out over https. */
export const HSTS = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" } as const;

/** A fresh nonce for one page response: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/**
 * The page's Content-Security-Policy: scripts only with this response's nonce (and what they
 * load, 'strict-dynamic'), never inline without it; styles from the app (inline style attributes
 * allowed: they cannot run code); no framing, no plugins, forms and connections to this origin.
 * `next dev` needs 'unsafe-eval' for its own tooling; a built console never gets it.
 */
export function contentSecurityPolicy(nonce: string, options: { dev?: boolean; https?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
