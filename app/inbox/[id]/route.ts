import { NextResponse } from "next/server";
import { getDatabase } from "@/lib/db/connection";
import { admit, noteRefusal, type InboxRefusal } from "@/lib/inbox/caps";
import { readCapped } from "@/lib/http/read-capped";
import type { Executor } from "@/lib/db/database";
import { holdPastTimeout, INBOX_ID, MAX_BODY_BYTES, receive } from "@/lib/inbox/receive";
import { RESPONSE_MODE_STATUS } from "@/lib/inbox/types";
import { consoleError } from "@/lib/http/console-error";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

const noSuchInbox = () => consoleError(404, "not_found", "No such inbox.");

/**
 * The dashboard's webhook receiver: no session (proxy.ts lets POST /inbox/* through); the
 * unguessable id is the credential. Stores the request whole, then answers as the inbox's
 * owner chose (200, 500, 410, or nothing until past the sender's timeout).
 */
export async function POST(request: Request, { params }: Params) {
  const { id } = await params;
  if (!INBOX_ID.test(id)) return noSuchInbox();
  const { db } = await getDatabase();
  // Counted before the body is read: a refused sender costs one statement, not its upload.
  const admitted = await admit(db, id);
  if (!admitted) return noSuchInbox();
  if (admitted.refusal) return refuse(db, id, admitted.refusal);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  // Read as it streams and stop at the cap: a receiver is not a file store.
  const rawBody = await readCapped(request, MAX_BODY_BYTES);
  if (rawBody === null) return refuse(db, id, { status: 413, reason: `a body over ${MAX_BODY_BYTES} bytes` });
  if (rawBody.includes(0)) {
    return NextResponse.json(
      { error: { code: "invalid_body", message: "The body contains a NUL byte (U+0000)." } },
      { status: 400 },
    );
  }
  const received = await receive({ inboxId: id, method: request.method, headers, rawBody, receivedAt: new Date() });
  if (!received) return noSuchInbox();
  const { mode, row } = received;
  if (mode === "timeout") await holdPastTimeout(request.signal);
  const status = RESPONSE_MODE_STATUS[mode];
  return NextResponse.json({ received: true, seq: row.seq, answered_by: "settlement-console inbox", mode }, { status });
}

/** Answers a refused request and says so on the inbox, where its owner sees it. */
async function refuse(db: Executor, id: string, refusal: InboxRefusal): Promise<Response> {
  await noteRefusal(db, id, refusal.reason);
  const code = refusal.status === 413 ? "payload_too_large" : "inbox_limit";
  const headers = refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
  return NextResponse.json(
    { error: { code, message: `Refused: ${refusal.reason}.` } },
    { status: refusal.status, headers },
  );
}

/** Opening a receiver's URL in a browser shows its messages. */
export async function GET(request: Request, { params }: Params) {
  const { id } = await params;
  return NextResponse.redirect(new URL(`/inbox?box=${encodeURIComponent(id)}`, request.url));
}
