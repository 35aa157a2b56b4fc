import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { AUTH_COOKIE_PREFIX, SIGN_IN_PATH } from "@/lib/auth/config";
import { contentSecurityPolicy, HSTS, newNonce } from "@/lib/http/security-headers";

/**
 * Every console page and action passes here:
 * - its Content-Security-Policy with a fresh nonce (Next puts the nonce on its own scripts; the
 *   root layout reads it, so every page renders per request); HSTS when it came over https. The
 *   headers every response carries (API and files too) come from next.config.ts.
 * - the optimistic check: without a session cookie, every console page is the sign-in page, and
 *   every other request to the console (a server action) gets a bare 401. The real check (is the
 *   session valid, may this role do that) happens in the (dashboard) layout and in every action.
 * The API (/v0, /v1), SCIM for directories (/scim/v2: a directory's bearer token, lib/scim), better-auth (/api/auth), the CLI's routes (/api/cli: a personal access token, lib/listen/bearer.ts), the liveness and readiness checks, the metrics,
 * webhook receivers (POST /inbox/...), shared payment instructions (/pay/<signed token>), report
 * files behind their signed links (GET /reports/download/<signed token>) and
 * static files need no session (matcher below).
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const https = isHttps(request);
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", https });
  const secured = (response: NextResponse) => {
    response.headers.set("Content-Security-Policy", csp);
    if (https) response.headers.set(HSTS.key, HSTS.value);
    return response;
  };
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const pass = () => secured(NextResponse.next({ request: { headers: requestHeaders } }));

  const { pathname, search } = request.nextUrl;
  if (pathname === SIGN_IN_PATH) return pass();
  // Webhook receivers: machines POSTing signed payloads, checked by their signature.
  if (pathname.startsWith("/inbox/") && request.method === "POST") return pass();
  // Payment instructions shared with a payer: the signed link is the permission (app/pay).
  if (pathname.startsWith("/pay/")) return pass();
  // A report's file behind its signed, expiring link (lib/reports/download-link.ts).
  if (pathname.startsWith("/reports/download/") && (request.method === "GET" || request.method === "HEAD"))
    return pass();
  if (getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX })) return pass();

  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(SIGN_IN_PATH, request.url);
    if (pathname !== "/") url.searchParams.set("next", `${pathname}${search}`);
    return secured(NextResponse.redirect(url));
  }
  return secured(NextResponse.json({ error: { code: "unauthorized", message: "Sign in first." } }, { status: 401 }));
}

/** Over https: the console's own server says so (x-console-proto), or AUTH_URL is an https origin. */
function isHttps(request: NextRequest): boolean {
  return request.headers.get("x-console-proto") === "https" || (process.env.AUTH_URL ?? "").startsWith("https://");
}

export const config = {
  matcher: [
    // Everything but the API, better-auth, the liveness check, Next's own files and the icon. Not
    // "any path with an extension": a payer link or a console path ending in ".<letters>" would
    // then go without its CSP and HSTS (issue 42).
    "/((?!v0(?:/|$)|v1(?:/|$)|scim/v2(?:/|$)|api/auth(?:/|$)|api/cli(?:/|$)|api/health$|api/ready$|api/metrics$|_next/|favicon\\.(?:svg|ico)$).*)",
  ],
};
