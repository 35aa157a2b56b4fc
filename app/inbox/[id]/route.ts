import { NextResponse } from "next/server";
import { holdPastTimeout, receive } from "@/lib/dashboard/inbox/receive";
import { RESPONSE_MODE_STATUS } from "@/lib/dashboard/inbox/types";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/**
 * The dashboard's webhook receiver: no session (proxy.ts lets POST /inbox/* through); the
 * unguessable id is the credential. Stores the request whole, then answers as the inbox's
 * owner chose (200, 500, 410, or nothing until past the sender's timeout).
 */
export async function POST(request: Request, { params }: Params) {
  const { id } = await params;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const rawBody = new Uint8Array(await request.arrayBuffer());
  const received = await receive({ inboxId: id, method: request.method, headers, rawBody, receivedAt: new Date() });
  if (!received) return NextResponse.json({ error: { code: "not_found", message: "No such inbox." } }, { status: 404 });
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
