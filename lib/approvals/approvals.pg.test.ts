/**
 * Held submissions on the machine's PostgreSQL (decisions D19.3): two instances approving at
 * the same moment send the stored call once; nobody approves their own; one person never counts
 * twice; a two-person rule needs two people; an expired submission cannot be approved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoInstances, type TestDatabase } from "@/test/console-postgres";
import type { Database, Executor } from "@/lib/db/database";
import { approve, deny, type Sender } from "./decide";
import type { RuleBody } from "./rules";
import { sql } from "drizzle-orm";
import { setDeviceBoundApprovers } from "./device-bound";
import { findSubmission, finishSending, insertSubmission, saveRule, takeSecret, type SubmissionRow } from "./store";

const RULE: RuleBody = {
  name: "Production payouts",
  enabled: true,
  conditions: {
    environments: ["production"],
    actions: ["disbursement"],
    currencies: [],
    amountAtLeast: null,
    amountIn: "submission",
    destinationTypes: [],
    newDestinationOnly: false,
  },
  approvalsRequired: 1,
  approverRoles: ["admin", "finance"],
};
/** People whose sessions proved their second factor a moment ago (a production approval needs it, issue 43). */
const stepped = { secondFactor: "verified" as const, secondFactorAt: new Date() };
const people = {
  finance: { userId: "u-fin", sessionId: "s-fin", email: "fin@example.com", role: "finance" as const, ...stepped },
  admin: { userId: "u-adm", sessionId: "s-adm", email: "adm@example.com", role: "admin" as const, ...stepped },
  controller: { userId: "u-ctl", sessionId: "s-ctl", email: "ctl@example.com", role: "finance" as const, ...stepped },
  developer: { userId: "u-dev", sessionId: "s-dev", email: "dev@example.com", role: "developer" as const, ...stepped },
};
const CONFIRMED = { confirmed: true };

describe("approving held submissions (PostgreSQL, two instances)", () => {
  let a: TestDatabase;
  let b: Database;
  let closeBoth: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close: closeBoth } = await twoInstances());
    // Each approver was added long ago (a person added less than APPROVER_MIN_AGE_HOURS ago cannot approve).
    for (const p of Object.values(people))
      await a.db.execute(
        sql`insert into console_users (id, name, email, role, created_at) values (${p.userId}, ${p.email}, ${p.email}, ${p.role}, now() - interval '30 days')`,
      );
  });
  afterAll(async () => {
    await closeBoth();
  });

  async function held(rule: RuleBody, expiresAt = new Date(Date.now() + 3_600_000)): Promise<SubmissionRow> {
    const saved = await saveRule(a.db, rule, "adm@example.com");
    if (!saved) throw new Error("rule not saved");
    return insertSubmission(a.db, {
      environment: "production",
      action: "disbursement",
      actionName: "createTrackedDisbursement",
      method: "POST",
      path: "/v0/disbursements",
      idempotencyKey: `idem-${Math.random()}`,
      body: { amount: "100", currency: "USDC", wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
      facts: {
        environment: "production",
        action: "disbursement",
        currency: "USDC",
        amount: "100",
        destinationType: "wallet",
        knownDestination: null,
        label: "USDC 100",
      },
      submittedBy: people.finance.userId,
      submittedByEmail: people.finance.email,
      expiresAt,
      rule: saved,
    });
  }

  /** A sender that counts, slowly enough for the other instance to try meanwhile. */
  function countingSender(): { sender: Sender; calls: string[] } {
    const calls: string[] = [];
    return {
      calls,
      sender: async (db: Executor, row: SubmissionRow) => {
        calls.push(row.id);
        await new Promise((r) => setTimeout(r, 50));
        await finishSending(db, row.id, {
          status: "sent",
          responseStatus: 201,
          response: { id: "d-1" },
          resultId: "d-1",
        });
      },
    };
  }

  it("two approvers on two instances at the same moment: one call", async () => {
    for (let round = 0; round < 10; round++) {
      const row = await held(RULE);
      const { sender, calls } = countingSender();
      const results = await Promise.all([
        approve(a.db, row.id, people.admin, { ...CONFIRMED, send: sender }),
        approve(b.db, row.id, people.controller, { ...CONFIRMED, send: sender }),
      ]);
      expect(calls).toEqual([row.id]);
      expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
      expect((await findSubmission(a.db, row.id))?.status).toBe("sent");
    }
  });

  it("the same approver clicking twice on two instances counts once and sends once", async () => {
    const row = await held(RULE);
    const { sender, calls } = countingSender();
    const results = await Promise.all([
      approve(a.db, row.id, people.admin, { ...CONFIRMED, send: sender }),
      approve(b.db, row.id, people.admin, { ...CONFIRMED, send: sender }),
    ]);
    expect(calls).toHaveLength(1);
    expect(results.some((r) => !r.ok && ["already_approved", "already_decided"].includes(r.error.code))).toBe(true);
  });

  it("refuses self-approval and a role the rule did not name; a two-person rule needs two people", async () => {
    const { sender, calls } = countingSender();
    const row = await held({ ...RULE, approvalsRequired: 2 });
    expect(await approve(a.db, row.id, people.finance, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "self_approval" },
    });
    expect(await approve(a.db, row.id, people.developer, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "not_an_approver" },
    });
    expect((await approve(a.db, row.id, people.admin, { ...CONFIRMED, send: sender })).ok).toBe(true);
    expect(calls).toHaveLength(0);
    expect(await approve(a.db, row.id, people.admin, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "already_approved" },
    });
    expect((await approve(b.db, row.id, people.controller, { ...CONFIRMED, send: sender })).ok).toBe(true);
    expect(calls).toEqual([row.id]);
  });

  it("an expired submission cannot be approved, and a denied one sends nothing", async () => {
    const { sender, calls } = countingSender();
    const old = await held(RULE, new Date(Date.now() - 1_000));
    expect(await approve(a.db, old.id, people.admin, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "expired" },
    });
    expect((await findSubmission(a.db, old.id))?.status).toBe("expired");
    const row = await held(RULE);
    expect((await deny(a.db, row.id, people.admin, "Not this supplier")).ok).toBe(true);
    expect(await approve(b.db, row.id, people.controller, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "already_decided" },
    });
    expect(calls).toHaveLength(0);
  });

  it("a production approval needs a fresh second factor, the confirmation and an approver older than a day (issue 43)", async () => {
    const { sender, calls } = countingSender();
    const row = await held(RULE);
    const noFactor = { ...people.admin, secondFactor: "off" as const, secondFactorAt: null };
    expect(await approve(a.db, row.id, noFactor, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "second_factor_required" },
    });
    const stale = { ...people.admin, secondFactorAt: new Date(Date.now() - 6 * 60_000) };
    expect(await approve(a.db, row.id, stale, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "step_up_required" },
    });
    expect(await approve(a.db, row.id, people.admin, { send: sender })).toMatchObject({
      ok: false,
      error: { code: "production_confirmation_required" },
    });
    await a.db.execute(
      sql`insert into console_users (id, name, email, role) values ('u-new', 'new@example.com', 'new@example.com', 'admin')`,
    );
    const newcomer = { ...people.admin, userId: "u-new", email: "new@example.com" };
    expect(await approve(a.db, row.id, newcomer, { ...CONFIRMED, send: sender })).toMatchObject({
      ok: false,
      error: { code: "approver_too_new" },
    });
    expect(calls).toHaveLength(0);
    expect((await approve(a.db, row.id, people.admin, { ...CONFIRMED, send: sender })).ok).toBe(true);
    expect(calls).toEqual([row.id]);
  });

  it("under the policy 'approvers use device-bound keys', only a step-up with such a passkey approves (issue 61)", async () => {
    const { sender, calls } = countingSender();
    const row = await held(RULE);
    await a.db.execute(
      sql`insert into console_sessions (id, token, user_id, expires_at, second_factor_at, second_factor_method)
          values ('s-adm', 'tok-adm', 'u-adm', now() + interval '1 hour', now(), 'code')
          on conflict (id) do update set second_factor_method = 'code'`,
    );
    await setDeviceBoundApprovers(a.db, true, "adm@example.com");
    try {
      for (const method of ["code", "passkey", null] as const) {
        await a.db.execute(sql`update console_sessions set second_factor_method = ${method} where id = 's-adm'`);
        // The other instance reads the same policy and the same session.
        expect(await approve(b.db, row.id, people.admin, { ...CONFIRMED, send: sender })).toMatchObject({
          ok: false,
          error: { code: "device_bound_key_required", message: expect.stringContaining("bound to one device") },
        });
      }
      expect(calls).toHaveLength(0);
      await a.db.execute(sql`update console_sessions set second_factor_method = 'device_passkey' where id = 's-adm'`);
      expect((await approve(a.db, row.id, people.admin, { ...CONFIRMED, send: sender })).ok).toBe(true);
      expect(calls).toEqual([row.id]);
    } finally {
      await setDeviceBoundApprovers(a.db, false, "adm@example.com");
    }
  });

  it("a secret the sent call answered with goes to the submission's author once, and is erased", async () => {
    const row = await held(RULE);
    await a.db.execute(sql`update console_submissions set status = 'sending' where id = ${row.id}`);
    await finishSending(a.db, row.id, {
      status: "sent",
      responseStatus: 201,
      response: { id: "wh_1" },
      resultId: "wh_1",
      secretSealed: "sealed-secret",
    });
    expect(await takeSecret(b.db, row.id, people.admin.userId)).toBeNull();
    const [first, second] = await Promise.all([
      takeSecret(a.db, row.id, people.finance.userId),
      takeSecret(b.db, row.id, people.finance.userId),
    ]);
    expect([first, second].filter((x) => x === "sealed-secret")).toHaveLength(1);
    expect(await takeSecret(a.db, row.id, people.finance.userId)).toBeNull();
  });

  it("a rule change is a new version; held submissions keep theirs", async () => {
    const first = await saveRule(a.db, RULE, "adm@example.com");
    const second = await saveRule(a.db, { ...RULE, approvalsRequired: 2 }, "adm@example.com", first?.id);
    expect(second).toMatchObject({ id: first?.id, version: 2, approvalsRequired: 2 });
    const row = await held(RULE);
    expect(row.approvalsRequired).toBe(1);
  });
});
