import { trustedHops } from "./client-address";

/**
 * Whether a state-changing request with the session cookie came from the console's own pages:
 * the browser's Sec-Fetch-Site says same-origin, or (older browsers) the Origin header names the
 * host the request was sent to. Route handlers that change things call it; server actions have
 * Next's own check. X-Forwarded-Host is a client's own word unless a proxy we run wrote it: it
 * counts only with TRUSTED_PROXY (issue 42).
 */
export function fromSameOrigin(request: Request, hops = trustedHops(process.env.TRUSTED_PROXY)): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    const forwarded = hops > 0 ? request.headers.get("x-forwarded-host") : null;
    const host = forwarded ?? request.headers.get("host");
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
