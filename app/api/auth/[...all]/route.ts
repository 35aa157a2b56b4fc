import { getAuth } from "@/lib/auth/auth";
import { isHttpsRequest } from "@/lib/auth/request-origin";

/**
 * better-auth's own endpoints that remain (get-session, sign-out). The console signs in through
 * a server action; every endpoint that checks a password is disabled in lib/auth/auth.ts.
 */
const handle = async (request: Request): Promise<Response> => (await getAuth(await isHttpsRequest(request.headers))).handler(request);

export const GET = handle;
export const POST = handle;
