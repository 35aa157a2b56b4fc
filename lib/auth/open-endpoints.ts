/**
 * The better-auth endpoints served over HTTP under /api/auth: an allowlist, so an endpoint a
 * later better-auth version adds stays closed (decision D13.1). The console signs in, changes
 * passwords, lists and revokes sessions through its own server actions, throttled and audited;
 * over HTTP only signing out is left, which checks no password and reveals nothing.
 */
const OPEN = new Set(["POST /api/auth/sign-out"]);

export function isOpenAuthEndpoint(method: string, pathname: string): boolean {
  return OPEN.has(`${method.toUpperCase()} ${pathname.replace(/\/+$/, "")}`);
}
