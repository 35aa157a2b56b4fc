/**
 * The inbox's caps on the machine's PostgreSQL, where several instances would share them: the
 * per-second budget counted by concurrent receivers, the message cap, refusals noted on the
 * inbox, retention deleting old messages.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPostgres } from "@/test/console-postgres";
import { queryRows, type Database } from "@/lib/db/database";
import { admit, deleteExpiredMessages, INBOX_CAPS, noteRefusal } from "./caps";
import { insertInbox, insertMessage } from "./store";

describe("inbox caps (PostgreSQL)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await migratedPostgres();
  });
  afterAll(async () => {
    await database.close();
  });

  const message = (inboxId: string, receivedAt = new Date(), eventId: string | null = null) =>
    insertMessage(database.db, {
      inboxId,
      receivedAt,
      method: "POST",
      headers: {},
      body: "{}",
      eventId,
      eventType: null,
      eventCreatedAt: null,
      resourceId: null,
      resourceStatus: null,
      verdict: { status: "no_secret" } as never,
      answeredStatus: 200,
    });

  it("numbers each inbox's messages from #1, even when arrivals race, and a repeat names the first's number (issue 59)", async () => {
    const first = await insertInbox(database.db, "owner-n", "first");
    // Another inbox's traffic before and between: the global order must not leak into the numbers.
    const other = await insertInbox(database.db, "owner-n", "other");
    await message(other.id);
    await message(other.id);
    const racing = await Promise.all(Array.from({ length: 8 }, () => message(first.id)));
    expect(racing.map((m) => m.number).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await message(other.id)).number).toBe(3);
    const original = await message(first.id, new Date(), "evt_same");
    const repeat = await message(first.id, new Date(), "evt_same");
    expect([original.number, repeat.number, repeat.duplicateOfNumber]).toEqual([9, 10, 9]);
  });

  it("counts concurrent requests against one per-second budget and refuses past it", async () => {
    const inbox = await insertInbox(database.db, "owner-1", "burst");
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 60 }, () => admit(database.db, inbox.id)));
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1; // wall-clock seconds the burst touched
    const passed = answers.filter((a) => a && !a.refusal).length;
    expect(passed).toBeLessThanOrEqual(seconds * INBOX_CAPS.requestsPerSecond);
    expect(60 - passed).toBeGreaterThan(0);
    expect(await admit(database.db, "ibx_no_such_inbox")).toBeNull();
  });

  it("refuses once the inbox holds its cap of messages, notes why, and retention frees it", async () => {
    const inbox = await insertInbox(database.db, "owner-2", "full");
    const old = new Date(Date.now() - (INBOX_CAPS.retentionDays + 1) * 86_400_000);
    await database.db.execute(sql`
      insert into inbox_messages (inbox_id, received_at, method, headers, body, verdict)
      select ${inbox.id}, ${old.toISOString()}::timestamptz, 'POST', '{}'::jsonb, '{}', '{"status":"no_secret"}'::jsonb
      from generate_series(1, ${INBOX_CAPS.messagesPerInbox})`);
    const full = await admit(database.db, inbox.id);
    expect(full?.refusal?.status).toBe(429);
    expect(full?.refusal?.reason).toContain(`${INBOX_CAPS.messagesPerInbox} messages`);
    await noteRefusal(database.db, inbox.id, full?.refusal?.reason ?? "");
    const [noted] = await queryRows<{ refused_count: number; last_refused_reason: string }>(
      database.db,
      sql`select refused_count, last_refused_reason from inboxes where id = ${inbox.id}`,
    );
    expect(noted).toMatchObject({ refused_count: 1, last_refused_reason: full?.refusal?.reason });

    await message(inbox.id); // a fresh one survives housekeeping
    expect(await deleteExpiredMessages(database.db)).toBeGreaterThanOrEqual(INBOX_CAPS.messagesPerInbox);
    await new Promise((r) => setTimeout(r, 1_100)); // a new second for the budget
    expect((await admit(database.db, inbox.id))?.refusal).toBeNull();
  });
});
