import { getDatabase } from "@/lib/db/connection";
import { handleScim } from "@/lib/scim/handler";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ path?: string[] }> };

/** SCIM 2.0 for a company's directory (lib/scim/handler.ts): no session; the directory's bearer token. */
async function scim(request: Request, { params }: Params): Promise<Response> {
  const { path = [] } = await params;
  const { db } = await getDatabase();
  return handleScim(db, request, path);
}

export { scim as GET, scim as POST, scim as PUT, scim as PATCH, scim as DELETE };
