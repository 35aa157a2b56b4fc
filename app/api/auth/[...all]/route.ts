import { getAuth } from "@/lib/auth/auth";

/**
 * better-auth's own endpoints (get-session, sign-out, change-password, ...). The console signs
 * in through server actions; sign-up and the other unused endpoints are disabled in lib/auth/auth.ts.
 */
const handle = async (request: Request): Promise<Response> => (await getAuth()).handler(request);

export const GET = handle;
export const POST = handle;
