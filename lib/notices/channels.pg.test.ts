/**
 * Notices to a team's chat channel and the daily digest (issue 64) on the machine's PostgreSQL,
 * with two instances: an HTTP receiver started here plays Slack's and Teams' incoming webhooks
 * (each POST kept as it arrived). People of a team who chose chat make one message in its
 * channel, however many instances tell of the event and send; a refusing channel delays and
 * loses nothing; a person's mails wait for their digest hour in the merchant's zone and leave as
 * one mail, once.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoInstances, type TestDatabase } from "@/test/console-postgres";
import { queryRows, type Database } from "@/lib/db/database";

type Posted = { path: string; body: Record<string, unknown> };
const posted: Posted[] = [];
let answer = { status: 200, body: "ok" };
const receiver = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (answer.status < 300)
      posted.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    res.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.body);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
// A developer's console may post to its own loopback, where this receiver plays Slack (restored after).
const before = {
  SANDBOX_WEBHOOK_ALLOW_LOOPBACK: process.env.SANDBOX_WEBHOOK_ALLOW_LOOPBACK,
  AUTH_URL: process.env.AUTH_URL,
};
process.env.SANDBOX_WEBHOOK_ALLOW_LOOPBACK = "true";
process.env.AUTH_URL = "http://console.test:3000";

const { sendDueNotices } = await import("./send");
const { postToChannel, chatUrlProblem } = await import("./chat");
const { queueNotices } = await import("./queue");
const { saveNoticeChannel, removeNoticeChannel, saveNoticeChoices, noticeChoices, listNoticeChannels } = await import(
  "./store"
);
const { gatherDigests, lastDigestMoment, digestPeopleStatement, heldStatement } = await import("./digest");
const { NOTICE_KINDS } = await import("./kinds");

const people = {
  ana: { id: "c-fin1", email: "ana@example.com", role: "finance" },
  ben: { id: "c-fin2", email: "ben@example.com", role: "finance" },
  cai: { id: "c-fin3", email: "cai@example.com", role: "finance" },
  dee: { id: "c-adm", email: "dee@example.com", role: "admin" },
} as const;

type Mailed = { to: string; subject: string; text: string };

describe("notices to chat channels and in digests (PostgreSQL, two instances)", () => {
  let a: TestDatabase;
  let b: Database;
  let close: () => Promise<void>;
  const mailed: Mailed[] = [];
  const senders = {
    mail: async (m: { to: string; subject: string; text: string }) => {
      mailed.push({ to: m.to, subject: m.subject, text: m.text });
    },
    chat: postToChannel,
  };
  const sendAll = async () => {
    while ((await sendDueNotices(a.db, senders)) > 0) {}
  };
  const routes = (overrides: Partial<Record<(typeof NOTICE_KINDS)[number], "email" | "chat" | "off">>) =>
    Object.fromEntries(NOTICE_KINDS.map((k) => [k, overrides[k] ?? "email"])) as Record<
      (typeof NOTICE_KINDS)[number],
      "email" | "chat" | "off"
    >;
  const statusOf = async (key: string) =>
    queryRows<{ email: string | null; status: string; channel_id: string | null }>(
      a.db,
      sql`select email, status, channel_id from console_notices where dedupe_key like ${`${key}%`} order by email nulls first`,
    );

  beforeAll(async () => {
    ({ a, b, close } = await twoInstances());
    for (const p of Object.values(people))
      await a.db.execute(
        sql`insert into console_users (id, name, email, role, disabled, created_at)
            values (${p.id}, ${p.email}, ${p.email}, ${p.role}, false, now() - interval '30 days')`,
      );
    await saveNoticeChannel(a.db, {
      team: "finance",
      service: "slack",
      name: "#payments-ops",
      url: `${origin}/slack/T000/B000/finance`,
      createdBy: "dee@example.com",
    });
    await saveNoticeChannel(a.db, {
      team: "admin",
      service: "teams",
      name: "Finance admins",
      url: `${origin}/teams/workflows/admin`,
      createdBy: "dee@example.com",
    });
    await saveNoticeChoices(a.db, people.ana.id, routes({ approval_waiting: "chat" }), null);
    await saveNoticeChoices(a.db, people.ben.id, routes({ approval_waiting: "chat" }), null);
    await saveNoticeChoices(a.db, people.dee.id, routes({ month_locked: "chat" }), null);
  });
  afterAll(async () => {
    await close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it("two people of a team who chose chat make one Slack message, naming both, however many instances tell and send", async () => {
    const tell = (db: Database["db"]) =>
      queueNotices(db, "approval_waiting", "sub_1", sql`u.role in ('finance')`, {
        subject: "Approval waits: USDC 1,250.00 to 0x5aAe…eAed",
        body: "ana@example.com's payout waits for one approval <by 5 Dec> & more.",
        path: "/approvals/sub_1",
      });
    const counts = await Promise.all([tell(a.db), tell(b.db), tell(a.db)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(2); // cai's mail and the channel's message
    await Promise.all([sendDueNotices(a.db, senders), sendDueNotices(b.db, senders)]);
    await sendAll();
    const slack = posted.filter((p) => p.path.startsWith("/slack/"));
    expect(slack).toHaveLength(1);
    expect(slack[0]?.body).toEqual({
      text: "Approval waits: USDC 1,250.00 to 0x5aAe…eAed",
      blocks: [
        {
          type: "section",
          text: {
            type: "mrkdwn",
            text: "*Approval waits: USDC 1,250.00 to 0x5aAe…eAed*\nFor ana@example.com, ben@example.com\n\nana@example.com's payout waits for one approval &lt;by 5 Dec&gt; &amp; more.",
          },
        },
        {
          type: "actions",
          elements: [
            {
              type: "button",
              text: { type: "plain_text", text: "Open in the console" },
              url: "http://console.test:3000/approvals/sub_1",
            },
          ],
        },
      ],
    });
    expect(mailed.map((m) => [m.to, m.subject])).toEqual([
      ["cai@example.com", "Approval waits: USDC 1,250.00 to 0x5aAe…eAed"],
    ]);
    expect((await statusOf("approval_waiting:sub_1:")).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("a Teams channel gets one Adaptive Card with its Open action", async () => {
    posted.length = 0;
    await queueNotices(a.db, "month_locked", "USDC-2026-11", sql`u.role = 'admin'`, {
      subject: "November 2026 closed for USDC",
      body: "ana@example.com locked the month.",
      path: "/reconciliation/close?period=2026-11",
    });
    await sendAll();
    expect(posted.map((p) => p.path)).toEqual(["/teams/workflows/admin"]);
    const attachments = posted[0]?.body.attachments as
      | Array<{ contentType: string; content: Record<string, unknown> }>
      | undefined;
    const card = attachments?.[0];
    expect(card?.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card?.content).toMatchObject({
      type: "AdaptiveCard",
      body: [
        { type: "TextBlock", text: "November 2026 closed for USDC", weight: "Bolder" },
        { type: "TextBlock", text: "For dee@example.com\n\nana@example.com locked the month." },
      ],
      actions: [
        {
          type: "Action.OpenUrl",
          title: "Open in the console",
          url: "http://console.test:3000/reconciliation/close?period=2026-11",
        },
      ],
    });
  });

  it("a channel that refuses delays its message with the service's answer and loses none", async () => {
    posted.length = 0;
    answer = { status: 404, body: "no_service" };
    await queueNotices(a.db, "approval_waiting", "sub_2", sql`u.id = ${people.ana.id}`, {
      subject: "Approval waits: USDC 10.00",
      body: "A payout waits.",
      path: "/approvals/sub_2",
    });
    await sendAll();
    const [waiting] = await queryRows<{ status: string; attempts: number; last_error: string }>(
      a.db,
      sql`select status, attempts, last_error from console_notices where dedupe_key like 'approval_waiting:sub_2:%'`,
    );
    expect(waiting).toEqual({ status: "pending", attempts: 1, last_error: "HTTP 404: no_service" });
    answer = { status: 200, body: "ok" };
    await a.db.execute(
      sql`update console_notices set next_attempt_at = now() where dedupe_key like 'approval_waiting:sub_2:%'`,
    );
    await sendAll();
    expect(posted).toHaveLength(1);
    expect((await statusOf("approval_waiting:sub_2:")).map((r) => r.status)).toEqual(["sent"]);
  });

  it("a channel removed with a message still unsent mails it to the people it was for; then the team reads chat notices by email", async () => {
    mailed.length = 0;
    answer = { status: 500, body: "down" };
    await queueNotices(a.db, "approval_waiting", "sub_5", sql`u.role = 'finance'`, {
      subject: "Approval waits: USDC 5.00",
      body: "A payout waits.",
      path: "/approvals/sub_5",
    });
    await sendAll();
    expect(mailed.map((m) => m.to)).toEqual(["cai@example.com"]); // the channel refused; its message waits
    answer = { status: 200, body: "ok" };
    mailed.length = 0;
    posted.length = 0;
    expect(await removeNoticeChannel(a.db, "finance")).toBe(true);
    await a.db.execute(sql`update console_notices set next_attempt_at = now() where status = 'pending'`);
    await sendAll();
    expect(posted).toEqual([]);
    expect(mailed.map((m) => [m.to, m.subject, m.text.split("\n")[0]]).sort()).toEqual([
      ["ana@example.com", "Approval waits: USDC 5.00", "A payout waits."],
      ["ben@example.com", "Approval waits: USDC 5.00", "A payout waits."],
    ]);
    mailed.length = 0;
    expect((await listNoticeChannels(a.db)).map((c) => [c.team, c.service, c.host])).toEqual([
      ["admin", "teams", new URL(origin).host],
    ]);
    expect((await noticeChoices(a.db, people.ana.id)).approval_waiting).toBe("chat");
    await queueNotices(a.db, "approval_waiting", "sub_3", sql`u.role = 'finance'`, {
      subject: "Approval waits: USDC 3.00",
      body: "A payout waits.",
      path: "/approvals/sub_3",
    });
    await sendAll();
    expect(mailed.map((m) => m.to).sort()).toEqual(["ana@example.com", "ben@example.com", "cai@example.com"]);
  });

  it("a digest gathers a person's mails at their hour in the merchant's zone, once across instances", async () => {
    mailed.length = 0;
    await saveNoticeChoices(a.db, people.cai.id, routes({}), 8);
    for (const [key, at] of [
      ["d1", "2026-12-03T18:00:00Z"],
      ["d2", "2026-12-03T23:30:00Z"],
      ["d3", "2026-12-04T09:00:00Z"],
    ] as const) {
      await queueNotices(a.db, "report_finished", key, sql`u.id = ${people.cai.id}`, {
        subject: `Report ready: ${key}`,
        body: "Your report is ready.",
        path: `/reports?run=${key}`,
      });
      await a.db.execute(
        sql`update console_notices set created_at = ${at} where dedupe_key = ${`report_finished:${key}:${people.cai.id}`}`,
      );
    }
    // A security notice is never held.
    await queueNotices(a.db, "new_device_sign_in", "laptop", sql`u.id = ${people.cai.id}`, {
      subject: "New sign-in",
      body: "A new browser.",
      path: "/account",
    });
    await sendAll();
    expect(mailed.map((m) => m.subject)).toEqual(["New sign-in"]);

    // London in December is UTC: before 08:00 the last digest moment was yesterday's, with nothing before it.
    expect(await gatherDigests(a.db, new Date("2026-12-04T07:59:00Z"), "Europe/London")).toBe(0);
    const gathered = await Promise.all([
      gatherDigests(a.db, new Date("2026-12-04T08:00:00Z"), "Europe/London"),
      gatherDigests(b.db, new Date("2026-12-04T08:00:00Z"), "Europe/London"),
      gatherDigests(a.db, new Date("2026-12-04T08:01:00Z"), "Europe/London"),
    ]);
    expect(gathered.reduce((x, y) => x + y, 0)).toBe(1);
    await sendAll();
    const digest = mailed.filter((m) => m.subject.startsWith("Your daily digest"));
    expect(digest).toHaveLength(1);
    expect(digest[0]).toEqual({
      to: "cai@example.com",
      subject: "Your daily digest: 2 notices",
      text: [
        "What the console told you since your last digest (2 notices):",
        "",
        "- Report ready: d1",
        "  http://console.test:3000/reports?run=d1",
        "- Report ready: d2",
        "  http://console.test:3000/reports?run=d2",
        "",
        "http://console.test:3000/account",
        "",
      ].join("\n"),
    });
    const rows = await queryRows<{ key: string; status: string; digested: boolean }>(
      a.db,
      sql`select split_part(dedupe_key, ':', 2) as key, status, digest_id is not null as digested
            from console_notices where dedupe_key like 'report_finished:d%' order by dedupe_key`,
    );
    expect(rows).toEqual([
      { key: "d1", status: "digested", digested: true },
      { key: "d2", status: "digested", digested: true },
      { key: "d3", status: "held", digested: false },
    ]);

    // Turning the digest off sends what it still held.
    mailed.length = 0;
    await saveNoticeChoices(a.db, people.cai.id, routes({}), null);
    await sendAll();
    expect(mailed.map((m) => m.subject)).toEqual(["Report ready: d3"]);
  });

  it("the digest's hour is the merchant's wall clock, on the days clocks change (known answers)", () => {
    // New York springs forward on 14 Mar 2027 at 02:00: a 02:00 digest comes at 03:00 EDT (07:00 UTC).
    expect(lastDigestMoment("America/New_York", 2, new Date("2027-03-14T12:00:00Z")).toISOString()).toBe(
      "2027-03-14T07:00:00.000Z",
    );
    // It falls back on 1 Nov 2026: 08:00 is EST (13:00 UTC), where the day before it was EDT (12:00 UTC).
    expect(lastDigestMoment("America/New_York", 8, new Date("2026-11-01T14:00:00Z")).toISOString()).toBe(
      "2026-11-01T13:00:00.000Z",
    );
    expect(lastDigestMoment("America/New_York", 8, new Date("2026-11-01T12:59:00Z")).toISOString()).toBe(
      "2026-10-31T12:00:00.000Z",
    );
    // Tokyo's 09:00 is midnight UTC: at 08:59 on 4 Dec (23:59 UTC on the 3rd) the last was the 3rd's.
    expect(lastDigestMoment("Asia/Tokyo", 9, new Date("2026-12-03T23:59:00Z")).toISOString()).toBe(
      "2026-12-03T00:00:00.000Z",
    );
  });

  it("a channel's URL must be https, but to this machine's own receivers", async () => {
    expect(await chatUrlProblem("http://hooks.slack.invalid/services/T/B/x")).toBe(
      "Must use https: the URL is the channel's credential",
    );
    expect(await chatUrlProblem(`${origin}/slack`)).toBeNull();
    expect(await chatUrlProblem("https://10.0.0.8/hook")).toMatch(
      /may target public and loopback addresses, not 10\.0\.0\.8/,
    );
    expect(await chatUrlProblem("https://user:pw@hooks.slack.invalid/x")).toBe("Must not carry credentials");
    expect(await chatUrlProblem("https://hooks.slack.invalid/services/T/B/x")).toBeNull();
  });

  it("the channel's URL is sealed at rest under DATA_ENCRYPTION_KEY, and still posts", async () => {
    const { useSecretKeys, secretKeys } = await import("@/lib/crypto/secret-box");
    const kept = secretKeys();
    useSecretKeys({ current: Buffer.alloc(32, 7), previous: null });
    try {
      const url = `${origin}/slack/T000/B000/sealed-token`;
      await saveNoticeChannel(a.db, {
        team: "support",
        service: "slack",
        name: "#help",
        url,
        createdBy: "dee@example.com",
      });
      const [row] = await queryRows<{ url: string }>(
        a.db,
        sql`select url from console_notice_channels where team = 'support'`,
      );
      expect(row?.url).toMatch(/^enc:v1:/);
      expect(row?.url).not.toContain("sealed-token");
      expect((await listNoticeChannels(a.db)).find((c) => c.team === "support")?.host).toBe(new URL(origin).host);
      posted.length = 0;
      await a.db.execute(sql`update console_users set role = 'support' where id = ${people.ben.id}`);
      await saveNoticeChoices(a.db, people.ben.id, routes({ approval_waiting: "chat" }), null);
      await queueNotices(a.db, "approval_waiting", "sub_4", sql`u.id = ${people.ben.id}`, {
        subject: "Sealed",
        body: "Through a sealed URL.",
        path: "/approvals/sub_4",
      });
      await sendAll();
      expect(posted.map((p) => p.path)).toEqual(["/slack/T000/B000/sealed-token"]);
    } finally {
      useSecretKeys(kept);
    }
  });

  it("finds digests' people and held mails through the held index with 100,000 notices behind them", async () => {
    await a.db.execute(sql`insert into console_notices (id, user_id, email, kind, dedupe_key, subject, body, link, status, created_at)
      select 'old-' || g, ${people.cai.id}, 'cai@example.com', 'report_finished', 'old:' || g, 'Old', 'Old', '/', 'sent',
             now() - g * interval '1 minute'
        from generate_series(1, 100000) g`);
    await a.db.execute(sql`analyze console_notices`);
    const plan = async (statement: ReturnType<typeof sql>) =>
      (await queryRows<{ "QUERY PLAN": string }>(a.db, sql`explain ${statement}`))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    const peoplePlan = await plan(digestPeopleStatement());
    expect(peoplePlan).toContain("console_notices_held_idx");
    expect(peoplePlan).not.toMatch(/Seq Scan on console_notices/);
    const heldPlan = await plan(heldStatement(people.cai.id, new Date()));
    expect(heldPlan).toContain("console_notices_held_idx");
    expect(heldPlan).not.toContain("Seq Scan");
  });
});
