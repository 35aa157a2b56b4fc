import { getAuth } from "@/lib/auth/auth";
import { isOpenAuthEndpoint } from "@/lib/auth/open-endpoints";
import { isHttpsRequest } from "@/lib/auth/request-origin";
import { consoleError } from "@/lib/http/console-error";

/**
 * better-auth's endpoints, behind an allowlist (lib/auth/open-endpoints.ts): everything but
 * signing out is a 404, whatever better-auth itself would serve (verify-password,
 * list-sessions, revoke-session…). The console's own actions call better-auth in process.
 */
const handle = async (request: Request): Promise<Response> => {
  if (!isOpenAuthEndpoint(request.method, new URL(request.url).pathname)) {
    return consoleError(404, "not_found", "Not found.");
  }
  return (await getAuth(await isHttpsRequest(request.headers))).handler(request);
};

export const GET = handle;
export const POST = handle;
