import { NextResponse } from "next/server";
import { readCapped } from "@/lib/http/read-capped";
import { holdPastTimeout, INBOX_ID, MAX_BODY_BYTES, receive } from "@/lib/dashboard/inbox/receive";
import { RESPONSE_MODE_STATUS } from "@/lib/dashboard/inbox/types";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

const noSuchInbox = () => NextResponse.json({ error: { code: "not_found", message: "No such inbox." } }, { status: 404 });

/**
 * The dashboard's webhook receiver: no session (proxy.ts lets POST /inbox/* through); the
 * unguessable id is the credential. Stores the request whole, then answers as the inbox's
 * owner chose (200, 500, 410, or nothing until past the sender's timeout).
 */
export async function POST(request: Request, { params }: Params) {
  const { id } = await params;
  if (!INBOX_ID.test(id)) return noSuchInbox();
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  // Read as it streams and stop at the cap: a receiver is not a file store.
  const rawBody = await readCapped(request, MAX_BODY_BYTES);
  if (rawBody === null) {
    return NextResponse.json({ error: { code: "payload_too_large", message: `Bodies over ${MAX_BODY_BYTES} bytes are refused.` } }, { status: 413 });
  }
  if (rawBody.includes(0)) {
    return NextResponse.json({ error: { code: "invalid_body", message: "The body contains a NUL byte (U+0000)." } }, { status: 400 });
  }
  const received = await receive({ inboxId: id, method: request.method, headers, rawBody, receivedAt: new Date() });
  if (!received) return noSuchInbox();
  const { mode, row } = received;
  if (mode === "timeout") await holdPastTimeout(request.signal);
  const status = RESPONSE_MODE_STATUS[mode];
  return NextResponse.json({ received: true, seq: row.seq, answered_by: "settlement-console inbox", mode }, { status });
}

/** Opening a receiver's URL in a browser shows its messages. */
export async function GET(request: Request, { params }: Params) {
  const { id } = await params;
  return NextResponse.redirect(new URL(`/inbox?box=${encodeURIComponent(id)}`, request.url));
}
