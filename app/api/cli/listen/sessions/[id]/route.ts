import { getDatabase } from "@/lib/db/connection";
import { authenticateCli, cliError } from "@/lib/listen/bearer";
import { endSession } from "@/lib/listen/sessions";

export const dynamic = "force-dynamic";

/** DELETE /api/cli/listen/sessions/<id>: the CLI stopped (Ctrl-C): the Inbox page shows the session ended. */
export async function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const auth = await authenticateCli(request, "inbox:manage", "cli.listen_stop");
  if (!auth.ok) return cliError(auth.error);
  const { id } = await params;
  const { db } = await getDatabase();
  const ended = await endSession(db, id, auth.holder.userId, "stopped on the laptop");
  return ended
    ? new Response(null, { status: 204 })
    : cliError({ status: 404, code: "not_found", message: "No open listening session with that id." });
}
