/** Names shared by the proxy (edge of the app) and the auth instance. Browser-safe. */
export const AUTH_COOKIE_PREFIX = "console";
export const SIGN_IN_PATH = "/sign-in";

/** A path to go back to after signing in: same-origin paths only (no `//host`, no `/\host`). */
export function safeNextPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 512) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f]/.test(value)) return "/";
  if (value === SIGN_IN_PATH || value.startsWith(`${SIGN_IN_PATH}?`) || value.startsWith("/api/auth")) return "/";
  return value;
}
