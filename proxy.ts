import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { AUTH_COOKIE_PREFIX, SIGN_IN_PATH } from "@/lib/auth/config";

/**
 * The optimistic check: without a session cookie, every console page is the sign-in page, and
 * every other request to the console (a server action) gets a bare 401. The real check (is the
 * session valid, may this role do that) happens in the (dashboard) layout and in every action.
 * The API (/v0, /v1), better-auth (/api/auth), the liveness and readiness checks (/api/health, /api/ready), the metrics (/api/metrics, token), webhook
 * receivers (POST /inbox/...), shared payment instructions (/pay/<signed token>) and static files are not the console's pages and are left alone
 * (matcher below).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === SIGN_IN_PATH) return NextResponse.next();
  // Webhook receivers: machines POSTing signed payloads, checked by their signature.
  if (pathname.startsWith("/inbox/") && request.method === "POST") return NextResponse.next();
  // Payment instructions shared with a payer: the signed link is the permission (app/pay).
  if (pathname.startsWith("/pay/")) return NextResponse.next();
  if (getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX })) return NextResponse.next();

  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(SIGN_IN_PATH, request.url);
    if (pathname !== "/") url.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(url);
  }
  return NextResponse.json({ error: { code: "unauthorized", message: "Sign in first." } }, { status: 401 });
}

export const config = {
  matcher: [
    // Everything but the API, better-auth, the liveness check, Next's own files and files with an extension (favicon.svg, robots.txt).
    "/((?!v0(?:/|$)|v1(?:/|$)|api/auth(?:/|$)|api/health$|api/ready$|api/metrics$|_next/|.*\\.[A-Za-z0-9]+$).*)",
  ],
};
