/**
 * Notices that reach people (issue 64) on the machine's PostgreSQL, mailed to a real SMTP server
 * started here (`smtp-server`, speaking SMTP on a socket; each message read back with
 * `mailparser`): a held submission mails each person who may approve it (not its author, not a
 * disabled person, not one who turned it off) with its label and a link to its page; its author
 * hears how it ended; two instances sending at once mail each notice once; a server that refuses
 * delays notices and loses none; the same event told twice is one notice.
 */
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoInstances, type TestDatabase } from "@/test/console-postgres";
import { queryRows, type Database } from "@/lib/db/database";

type Received = { to: string[]; subject: string; text: string; messageId: string };
const received: Received[] = [];
let refusing = false;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (refusing) return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          messageId: mail.messageId ?? "",
        });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
// This file's console mails through the server above, at a public address (restored after: a worker runs other files).
const before = { SMTP_URL: process.env.SMTP_URL, AUTH_URL: process.env.AUTH_URL };
process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
process.env.AUTH_URL = "https://console.example.com";

const { smtpMailer } = await import("./mailer");
const { sendDueNotices } = await import("./send");
const { postToChannel } = await import("./chat");
const { saveNoticeChoices } = await import("./store");
const { approve, deny } = await import("@/lib/approvals/decide");
const { insertSubmission, saveRule, finishSending } = await import("@/lib/approvals/store");
const { queueNotices } = await import("./queue");
const { noticeMonthLocked } = await import("@/lib/reconciliation/notices");
const { noticeReportFinished } = await import("@/lib/reports/notices");
const { queueRun } = await import("@/lib/reports/store");
const { noticeSecondFactorReset } = await import("@/lib/people/notices");
const { finishBatch } = await import("@/lib/batches/notices");
const { findBatchById, insertBatch, moveBatch } = await import("@/lib/batches/store");
const { parseCsv } = await import("@/lib/csv/parse");
const { noteSignInDevice, newDeviceToken } = await import("@/lib/people/known-devices");
const { noticeNewDeviceSignIn } = await import("@/lib/people/notices");
const { recordMoneyCall } = await import("@/lib/approvals/money-calls");
const { tellEndpointHealth } = await import("@/lib/webhook-endpoints/notices");

const people = {
  author: { userId: "n-fin", email: "author@example.com", role: "finance" },
  approver: { userId: "n-adm", email: "approver@example.com", role: "admin" },
  quiet: { userId: "n-fin2", email: "quiet@example.com", role: "finance" },
  gone: { userId: "n-adm2", email: "gone@example.com", role: "admin" },
  support: { userId: "n-sup", email: "support@example.com", role: "support" },
} as const;

describe("notices (PostgreSQL, real SMTP)", () => {
  let a: TestDatabase;
  let b: Database;
  let close: () => Promise<void>;
  const mail = () => {
    const m = smtpMailer();
    if (!m) throw new Error("SMTP_URL is set above");
    return m;
  };
  const sendAll = async (db: Database["db"]) => {
    while ((await sendDueNotices(db, { mail: mail(), chat: postToChannel })) > 0) {}
  };

  beforeAll(async () => {
    ({ a, b, close } = await twoInstances());
    for (const p of Object.values(people))
      await a.db.execute(
        sql`insert into console_users (id, name, email, role, disabled, created_at)
            values (${p.userId}, ${p.email}, ${p.email}, ${p.role}, ${p === people.gone}, now() - interval '30 days')`,
      );
    await saveNoticeChoices(
      a.db,
      people.quiet.userId,
      {
        approval_waiting: "off",
        submission_decided: "email",
        month_locked: "off",
        report_finished: "email",
        batch_finished: "email",
        second_factor_reset: "off",
        new_device_sign_in: "off",
        daily_limit_nearly_used: "off",
        endpoint_failing: "email",
      },
      null,
    );
  });
  afterAll(async () => {
    await close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  async function held(label: string) {
    const rule = await saveRule(
      a.db,
      {
        name: "Sandbox payouts",
        enabled: true,
        conditions: {
          environments: ["sandbox"],
          actions: ["disbursement"],
          currencies: [],
          amountAtLeast: null,
          amountIn: "submission",
          destinationTypes: [],
          newDestinationOnly: false,
        },
        approvalsRequired: 1,
        approverRoles: ["admin", "finance"],
      },
      "approver@example.com",
    );
    if (!rule) throw new Error("rule not saved");
    return insertSubmission(a.db, {
      environment: "sandbox",
      action: "disbursement",
      actionName: "createTrackedDisbursement",
      method: "POST",
      path: "/v0/disbursements",
      idempotencyKey: `idem-${Math.random()}`,
      body: { amount: "250.00", currency: "USDC", wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
      facts: {
        environment: "sandbox",
        action: "disbursement",
        currency: "USDC",
        amount: "250.00",
        destinationType: "wallet",
        knownDestination: null,
        label,
      },
      submittedBy: people.author.userId,
      submittedByEmail: people.author.email,
      expiresAt: new Date(Date.now() + 3_600_000),
      rule,
    });
  }

  it("a held submission mails each person who may approve it, with its label and a link to its page, and nothing else", async () => {
    received.length = 0;
    const row = await held("USDC 250.00 to 0x5aAe...eAed");
    await sendAll(a.db);
    expect(received.flatMap((m) => m.to)).toEqual(["approver@example.com"]);
    const [notice] = received;
    expect(notice?.subject).toBe("Approval waits: USDC 250.00 to 0x5aAe...eAed");
    expect(notice?.text).toContain("author@example.com asks for approval in the sandbox: Disbursement, USDC 250.00");
    expect(notice?.text).toContain(`https://console.example.com/approvals/${row.id}`);
    expect(notice?.text).toContain("nothing can be approved from this mail");
    // Never the stored call: no wallet in full, no Idempotency-Key.
    expect(notice?.text).not.toContain("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    expect(notice?.text).not.toContain(row.idempotencyKey ?? "idem-");
    expect(notice?.messageId).toMatch(/^<ntc_[0-9a-f]+@settlement-console>$/);
  });

  it("its author hears how it ended: approved and sent, or denied with the reason", async () => {
    received.length = 0;
    const sent = await held("USDC 10.00 to a payee");
    const send = async (db: Database["db"], r: { id: string }) =>
      finishSending(db, r.id, { status: "sent", responseStatus: 201, response: {}, resultId: "dsb_1" });
    const approver = {
      ...people.approver,
      sessionId: "s",
      secondFactor: "verified" as const,
      secondFactorAt: new Date(),
    };
    expect((await approve(a.db, sent.id, approver, { send })).ok).toBe(true);
    const denied = await held("USDC 20.00 to a payee");
    expect((await deny(a.db, denied.id, approver, "Not this week")).ok).toBe(true);
    await sendAll(a.db);
    // In either order: the outbox sends what is due, not in the order it was queued.
    const toAuthor = received
      .filter((m) => m.to.includes("author@example.com"))
      .map((m) => [m.subject, m.text])
      .sort(([x], [y]) => String(x).localeCompare(String(y)));
    expect(toAuthor).toEqual([
      [
        "Approved and sent: USDC 10.00 to a payee",
        expect.stringContaining("Approved by approver@example.com and sent."),
      ],
      ["Denied: USDC 20.00 to a payee", expect.stringContaining("Denied by approver@example.com: Not this week.")],
    ]);
  });

  it("two instances sending at once mail each notice once", async () => {
    received.length = 0;
    for (let i = 0; i < 12; i++) await held(`USDC ${i}.00 to payee ${i}`);
    await Promise.all([sendAll(a.db), sendAll(b.db), sendAll(a.db), sendAll(b.db)]);
    expect(received).toHaveLength(12);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(12);
    const [row] = await queryRows<{ left: number }>(
      a.db,
      sql`select count(*)::int as left from console_notices where status <> 'sent'`,
    );
    expect(row?.left).toBe(0);
  });

  it("a server that refuses delays the notice, keeps why, and sends it once when back", async () => {
    received.length = 0;
    refusing = true;
    const row = await held("USDC 99.00 while the server is away");
    await sendAll(a.db);
    expect(received).toEqual([]);
    const [waiting] = await queryRows<{ status: string; attempts: number; last_error: string; later: boolean }>(
      a.db,
      sql`select status, attempts, last_error, next_attempt_at > now() + interval '50 seconds' as later
            from console_notices where dedupe_key like ${`approval_waiting:${row.id}:%`}`,
    );
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, later: true });
    expect(waiting?.last_error).toMatch(/451|busy/i);
    refusing = false;
    await sendAll(a.db); // not due yet: nothing
    expect(received).toEqual([]);
    await a.db.execute(sql`update console_notices set next_attempt_at = now() where status = 'pending'`);
    await sendAll(a.db);
    expect(received.map((m) => m.subject)).toEqual(["Approval waits: USDC 99.00 while the server is away"]);
  });

  it("the same event told twice is one notice", async () => {
    const key = `once-${Math.random()}`;
    const text = { subject: "Once", body: "Once.", path: "/" };
    const first = await queueNotices(a.db, "approval_waiting", key, sql`u.id = ${people.approver.userId}`, text);
    const again = await queueNotices(b.db, "approval_waiting", key, sql`u.id = ${people.approver.userId}`, text);
    expect([first, again]).toEqual([1, 0]);
  });

  it("a month closed, then reopened with why, tells those who may close months but who did it; told twice, once", async () => {
    await sendAll(a.db); // what earlier tests left queued
    received.length = 0;
    const by = { userId: people.approver.userId, email: people.approver.email };
    const lock = { currency: "EUR", period: "2026-11", lockedAt: "2026-12-01 10:00:00.123+00", by };
    expect(await noticeMonthLocked(a.db, "sandbox", { ...lock, locked: true })).toBe(1);
    expect(await noticeMonthLocked(b.db, "sandbox", { ...lock, locked: true })).toBe(0);
    await noticeMonthLocked(a.db, "sandbox", { ...lock, locked: false, reason: "A late EUR payin" });
    await sendAll(a.db);
    // Not the administrator who did it, not support (cannot close), not the quiet one (turned it off), not the disabled one.
    expect(received.flatMap((m) => m.to)).toEqual(["author@example.com", "author@example.com"]);
    const bySubject = Object.fromEntries(received.map((m) => [m.subject, m.text]));
    expect(bySubject["2026-11 closed for EUR"]).toContain(
      "approver@example.com closed 2026-11 for EUR in the sandbox.",
    );
    expect(bySubject["2026-11 reopened for EUR"]).toContain("Why: A late EUR payin.");
    expect(bySubject["2026-11 closed for EUR"]).toContain(
      "https://console.example.com/reconciliation?view=close&period=2026-11&currency=EUR",
    );
  });

  it("a report run that ended tells whoever asked for it, with its rows and checksum or why it failed", async () => {
    await sendAll(a.db); // what earlier tests left queued
    received.length = 0;
    const run = await queueRun(
      a.db,
      "sandbox",
      { definition: "payments", period: "2026-11", format: "csv" },
      people.author.email,
    );
    const manifest = {
      run: run.id,
      report: run.definition,
      environment: run.environment,
      period: run.period,
      format: run.format,
      columns: [],
      rows: 1234,
      bytes: 56789,
      sha256: "ab".repeat(32),
      generated_at: new Date().toISOString(),
      partial: false,
      through: null,
    };
    await noticeReportFinished(a.db, run, { status: "succeeded", manifest });
    await noticeReportFinished(a.db, run, { status: "succeeded", manifest });
    await noticeReportFinished(a.db, run, { status: "failed", error: "The API answered 503" });
    await sendAll(a.db);
    expect(received.flatMap((m) => m.to)).toEqual(["author@example.com", "author@example.com"]);
    const bySubject = Object.fromEntries(received.map((m) => [m.subject, m.text]));
    expect(bySubject["Report ready: Payments 2026-11 (CSV)"]).toContain(
      `1,234 rows, 56,789 bytes, SHA-256 ${"ab".repeat(32)}.`,
    );
    expect(bySubject["Report failed: Payments 2026-11 (CSV)"]).toContain("failed: The API answered 503");
  });

  it("a second factor reset reaches its person even when they turned that notice off", async () => {
    await sendAll(a.db); // what earlier tests left queued
    received.length = 0;
    await noticeSecondFactorReset(
      a.db,
      { userId: people.quiet.userId },
      people.approver,
      new Date("2026-12-03T09:30:00Z"),
    );
    await sendAll(a.db);
    expect(received.map((m) => [m.to, m.subject])).toEqual([
      [["quiet@example.com"], "Your two-step verification was reset"],
    ]);
    expect(received[0]?.text).toContain(
      "approver@example.com removed your authenticator app and passkeys at 2026-12-03 09:30 UTC.",
    );
  });

  it("a batch that finished tells who uploaded and who submitted it, with its rows, once across two instances", async () => {
    await sendAll(a.db);
    received.length = 0;
    const wallet = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    const text = `wallet_address,amount,currency,chain\n${[1, 2, 3].map((n) => `${wallet},${n}.00,USDC,SOLANA`).join("\n")}\n`;
    const csv = parseCsv(text);
    if (!csv.ok) throw new Error("bad fixture");
    const id = await insertBatch(a.db, {
      environment: "sandbox",
      kind: "disbursement",
      fileName: "payroll.csv",
      bytes: new TextEncoder().encode(text),
      sha256: "x",
      separator: ",",
      header: csv.header,
      records: csv.records,
      createdBy: people.author.userId,
      createdByEmail: people.author.email,
    });
    await a.db.execute(
      sql`update console_batch_rows set send_state = case when row_no = 3 then 'failed' else 'sent' end where batch_id = ${id}`,
    );
    await a.db.execute(sql`update console_batches set submitted_by_email = ${people.approver.email} where id = ${id}`);
    expect(await moveBatch(a.db, id, ["review"], "sending")).toBe(true);
    const batch = await findBatchById(a.db, id);
    if (!batch) throw new Error("no batch");
    const told = await Promise.all([finishBatch(a.db, batch), finishBatch(b.db, batch)]);
    expect(told.filter(Boolean)).toHaveLength(1);
    await sendAll(a.db);
    expect(received.flatMap((m) => m.to).sort()).toEqual(["approver@example.com", "author@example.com"]);
    expect(received[0]?.subject).toBe("Batch partly sent: payroll.csv");
    expect(received[0]?.text).toContain("2 rows sent, 1 refused by the service, 0 failed after sending.");
    expect(received[0]?.text).toContain(`https://console.example.com/batches/${id}`);
  });

  it("a sign-in from a browser never seen tells its person (not their first, not a browser seen again), once when two race", async () => {
    await sendAll(a.db);
    received.length = 0;
    const who = people.author.userId;
    const signIn = async (db: Database["db"], token: string, address: string) => {
      const seen = await noteSignInDevice(db, who, token, "Firefox on Windows", address);
      if (seen.isNew && !seen.firstEver)
        await noticeNewDeviceSignIn(
          db,
          { userId: who },
          { device: "Firefox on Windows", address, at: new Date("2026-12-03T21:04:00Z"), deviceKey: seen.key },
        );
      return seen;
    };
    const laptop = newDeviceToken();
    expect(await signIn(a.db, laptop, "198.51.100.1")).toMatchObject({ isNew: true, firstEver: true });
    expect(await signIn(b.db, laptop, "198.51.100.2")).toMatchObject({ isNew: false, firstEver: false });
    await sendAll(a.db);
    expect(received).toEqual([]); // the first browser and the same browser again tell nothing
    const stranger = newDeviceToken();
    const raced = await Promise.all([signIn(a.db, stranger, "203.0.113.9"), signIn(b.db, stranger, "203.0.113.9")]);
    expect(raced.filter((r) => r.isNew)).toHaveLength(1);
    await sendAll(a.db);
    expect(received.map((m) => [m.to, m.subject])).toEqual([
      [["author@example.com"], "A new sign-in to your console account"],
    ]);
    expect(received[0]?.text).toContain("Firefox on Windows, from 203.0.113.9, at 2026-12-03 21:04 UTC.");
    expect(received[0]?.text).toContain("https://console.example.com/account");
    expect(received[0]?.text).not.toContain(stranger); // never the browser's token
    // Only the token's SHA-256 is kept.
    const kept = await queryRows<{ token_sha256: string }>(
      a.db,
      sql`select token_sha256 from console_known_devices where user_id = ${who}`,
    );
    expect(kept.map((k) => k.token_sha256).some((h) => h === stranger || h === laptop)).toBe(false);
    expect(kept).toHaveLength(2);
  });

  it("a payment that takes the day's sending past 80% of the daily limit tells its author once that day", async () => {
    await sendAll(a.db);
    received.length = 0;
    const dayStart = new Date(Date.now() - 3_600_000);
    const pay = (amountUsd: string) =>
      recordMoneyCall(
        a.db,
        {
          environment: "production",
          action: "disbursement",
          userId: people.author.userId,
          destinationKey: `wallet-${amountUsd}-${Math.random()}`,
          currency: "USDC",
          amount: amountUsd,
          amountUsd,
          externalId: null,
        },
        { dayStart, heldByRule: false, holdDuplicates: false, limitUsd: "1000", zone: "Europe/London" },
      );
    expect((await pay("500.00")).outcome).toBe("go"); // 50%: nothing
    expect((await pay("299.99")).outcome).toBe("go"); // 79.999%: nothing
    await sendAll(a.db);
    expect(received).toEqual([]);
    expect((await pay("0.01")).outcome).toBe("go"); // exactly 80%
    expect((await pay("100.00")).outcome).toBe("go"); // 90%: already told today
    expect((await pay("150.00")).outcome).toBe("over_limit"); // held, not counted
    await sendAll(a.db);
    expect(received.map((m) => [m.to, m.subject])).toEqual([
      [["author@example.com"], "80% of your daily limit is used"],
    ]);
    expect(received[0]?.text).toContain(
      "You have sent $800.00 in production today, 80% of your daily limit of $1,000.00.",
    );
    expect(received[0]?.text).toContain("$200.00 is left until the day ends at midnight (Europe/London).");
  });

  it("an endpoint that keeps failing, or is turned off, tells who manages webhooks once per event, across instances; old news tells nobody", async () => {
    await sendAll(a.db);
    received.length = 0;
    const now = new Date("2026-12-03T12:00:00Z");
    const endpoint = (id: string, url: string) => ({
      id,
      url,
      health: {
        state: "FAILING",
        failing_since: "2026-12-02T10:15:00Z",
        last_failure: "HTTP 503",
        disable_after_hours: 72,
      },
    });
    const event = (
      id: string,
      type: "webhook_endpoint.failing" | "webhook_endpoint.disabled",
      at: string,
      url: string,
    ) => ({
      id,
      type,
      created_at: at,
      data: endpoint(`wh_${id}`, url),
      deliveries: [],
    });
    const pages = {
      "webhook_endpoint.failing": [
        event(
          "evt_fail",
          "webhook_endpoint.failing",
          "2026-12-03T10:15:00Z",
          "https://hooks.example.com/in?token=s3cret",
        ),
        event("evt_old", "webhook_endpoint.failing", "2026-11-30T10:00:00Z", "https://old.example.com/in"),
      ],
      "webhook_endpoint.disabled": [
        event("evt_off", "webhook_endpoint.disabled", "2026-12-03T11:00:00Z", "https://off.example.com/hook"),
      ],
    };
    const read = async (type: keyof typeof pages) => pages[type];
    const counts = await Promise.all([
      tellEndpointHealth(a.db, "sandbox", read, now),
      tellEndpointHealth(b.db, "sandbox", read, now),
      tellEndpointHealth(a.db, "sandbox", read, now),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(2); // two events, one person who manages webhooks (the admin)
    await sendAll(a.db);
    expect(received.map((m) => [m.to, m.subject]).sort()).toEqual([
      [["approver@example.com"], "Webhook endpoint failing: https://hooks.example.com/in"],
      [["approver@example.com"], "Webhook endpoint turned off: https://off.example.com/hook"],
    ]);
    const failing = received.find((m) => m.subject.includes("failing"));
    expect(failing?.text).toContain(
      "Every delivery to https://hooks.example.com/in in the sandbox has failed since 2 Dec 2026, 10:15 UTC (last: HTTP 503).",
    );
    expect(failing?.text).toContain("(last: HTTP 503)");
    expect(failing?.text).toContain("turned off after 72 hours of only failures");
    expect(failing?.text).toContain("https://console.example.com/webhooks?endpoint=wh_evt_fail");
    expect(received.map((m) => m.text).join("\n")).not.toContain("s3cret");
  });
});
