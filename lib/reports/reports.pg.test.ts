/**
 * Reports on the machine's PostgreSQL (issue 46): a run is claimed by one of two instances, its
 * rows stream from the API's export into CSV or XLSX, written in pieces whose SHA-256 is the
 * manifest's; the XLSX reads back with another library (read-excel-file); a service that fails
 * mid-way leaves a failed run and no file; the download link opens only its run, until it ends.
 */
import { createHash } from "node:crypto";
import { readSheet } from "read-excel-file/node";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { twoInstancesPerSuite } from "@/test/console-postgres";
import type { Database } from "@/lib/db/database";
import { parseCsv } from "@/lib/csv/parse";

const TOTAL = 250;
/** The row after which the service's export fails (a stream cut mid-way), or null. */
let failAfterRow: number | null = null;
const payment = (i: number) => ({
  id: `pay_${String(i).padStart(4, "0")}`,
  type: i % 2 ? "PAYIN" : "PAYOUT",
  status: "COMPLETED",
  source: { amount: `${i}.10`, currency: "USD", rail: "ACH" },
  destination: { amount: `${i}.05`, currency: "USDC", rail: "ETHEREUM" },
  received_amount: null,
  fee: "0.50",
  settlement_request_id: `sr_${i}`,
  disbursement_id: null,
  created_at: "2026-10-03T10:00:00.000Z",
  completed_at: "2026-10-03T10:05:00.000Z",
});

vi.mock("@/lib/settlement-api", () => ({
  exportRows: async function* (_env: string, kind: string) {
    if (kind !== "payments") return;
    for (let i = 1; i <= TOTAL; i++) {
      if (failAfterRow !== null && i > failAfterRow) throw new Error("The service's export stopped: upstream 503");
      yield payment(i);
    }
  },
  getBalanceStatement: async () => ({ ok: false, error: { message: "no ledger here" } }),
  getSandboxClock: async () => ({ ok: false, error: { message: "no clock here" } }),
}));
const { appendPiece, ClaimLost, claimRun, finishRun, findRun, keepClaim, pieces, queueRun } = await import("./store");
const { makeReport } = await import("./run-report");
const { readDownload, signDownload } = await import("./download-link");

async function file(db: Database["db"], id: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of pieces(db, id)) parts.push(p);
  return Buffer.concat(parts);
}

describe("reports (PostgreSQL)", () => {
  const { a, b } = twoInstancesPerSuite();

  it("a CSV run: claimed once by two instances, every row in major units with its currency, its SHA-256 in the manifest", async () => {
    const queued = await queueRun(
      a.db,
      "sandbox",
      { definition: "payments", period: "2026-10", format: "csv" },
      "fin@example.com",
    );
    const [one, two] = await Promise.all([claimRun(a.db), claimRun(b.db)]);
    expect([one?.id, two?.id].filter(Boolean)).toEqual([queued.id]);
    const manifest = await makeReport(a.db, (one ?? two) as NonNullable<typeof one>);
    const bytes = await file(a.db, queued.id);
    expect(manifest).toMatchObject({ rows: TOTAL, bytes: bytes.length, format: "csv", report: "payments" });
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(manifest?.sha256);
    const csv = parseCsv(bytes.toString("utf8"), { maxRecords: 1000 });
    expect(csv.ok && csv.header.slice(0, 5)).toEqual(["id", "type", "status", "amount", "currency"]);
    expect(csv.ok && csv.records).toHaveLength(TOTAL);
    expect(csv.ok && csv.records[0]?.cells.slice(0, 5)).toEqual(["pay_0001", "PAYIN", "COMPLETED", "1.10", "USD"]);
    expect((await findRun(a.db, queued.id))?.status).toBe("succeeded");
  });

  it("an XLSX run reads back with another library, amounts as the exact strings", async () => {
    const queued = await queueRun(
      a.db,
      "sandbox",
      { definition: "payments", period: "2026-10", format: "xlsx" },
      "fin@example.com",
    );
    const run = await claimRun(a.db);
    expect(run?.id).toBe(queued.id);
    const manifest = await makeReport(a.db, run as NonNullable<typeof run>);
    const bytes = await file(a.db, queued.id);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(manifest?.sha256);
    const sheet = await readSheet(bytes);
    expect(sheet[0]?.slice(0, 4)).toEqual(["id", "type", "status", "amount"]);
    expect(sheet).toHaveLength(TOTAL + 1);
    expect(sheet[2]?.slice(0, 5)).toEqual(["pay_0002", "PAYOUT", "COMPLETED", "2.050000", "USDC"]); // at USDC's six places (issue 57)
  });

  it("a month read before its end is partial, through the time it was read; an ended month is whole (issue 57)", async () => {
    const queued = await queueRun(
      a.db,
      "sandbox",
      { definition: "payments", period: "2026-10", format: "csv" },
      "fin@example.com",
    );
    const run = (await claimRun(a.db)) as NonNullable<Awaited<ReturnType<typeof claimRun>>>;
    expect(run.id).toBe(queued.id);
    const midMonth = new Date("2026-10-20T09:30:00Z");
    const partial = await makeReport(a.db, run, async () => midMonth);
    expect(partial).toMatchObject({ partial: true, through: midMonth.toISOString() });
    const again = await queueRun(
      a.db,
      "sandbox",
      { definition: "payments", period: "2026-10", format: "csv" },
      "fin@example.com",
    );
    const whole = (await claimRun(a.db)) as NonNullable<Awaited<ReturnType<typeof claimRun>>>;
    expect(whole.id).toBe(again.id);
    expect(await makeReport(a.db, whole, async () => new Date("2026-11-01T00:00:00Z"))).toMatchObject({
      partial: false,
      through: null,
    });
  });

  it("a run whose claimer went quiet is taken over; the first claimer's pieces and outcome are refused", async () => {
    const queued = await queueRun(
      a.db,
      "sandbox",
      { definition: "payments", period: "2026-10", format: "csv" },
      "fin@example.com",
    );
    const first = (await claimRun(a.db)) as NonNullable<Awaited<ReturnType<typeof claimRun>>>;
    expect(first.id).toBe(queued.id);
    await appendPiece(a.db, first, 0, Buffer.from("stale,"));
    // Alive a minute ago: nobody takes it.
    await a.db.execute(
      sql`update console_report_runs set alive_at = now() - interval '60 seconds' where id = ${queued.id}`,
    );
    expect(await claimRun(b.db)).toBeNull();
    // Quiet for three minutes (its instance stopped): another instance takes it over.
    await a.db.execute(
      sql`update console_report_runs set alive_at = now() - interval '180 seconds' where id = ${queued.id}`,
    );
    const second = (await claimRun(b.db)) as NonNullable<Awaited<ReturnType<typeof claimRun>>>;
    expect(second.id).toBe(queued.id);
    expect(second.claimId).not.toBe(first.claimId);
    await expect(appendPiece(a.db, first, 1, Buffer.from("late"))).rejects.toBeInstanceOf(ClaimLost);
    expect(await keepClaim(a.db, first)).toBe(false);
    expect(await finishRun(a.db, first, { status: "failed", error: "from the stopped instance" })).toBe(false);
    const manifest = await makeReport(b.db, second);
    expect(manifest?.rows).toBe(TOTAL);
    const bytes = await file(a.db, queued.id);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(manifest?.sha256);
    expect(bytes.toString("utf8")).not.toContain("stale,");
    expect(await findRun(a.db, queued.id)).toMatchObject({ status: "succeeded", error: null });
  });

  it("a service failing mid-way leaves a failed run, with why, and no file", async () => {
    failAfterRow = 100;
    const queued = await queueRun(
      a.db,
      "sandbox",
      { definition: "payments", period: "2026-10", format: "csv" },
      "fin@example.com",
    );
    const run = await claimRun(a.db);
    expect(await makeReport(a.db, run as NonNullable<typeof run>)).toBeNull();
    failAfterRow = null;
    expect(await findRun(a.db, queued.id)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("upstream 503"),
    });
    expect((await file(a.db, queued.id)).length).toBe(0);
  });

  it("a download link opens its run until it expires, and not once changed", () => {
    const now = new Date("2026-11-01T00:00:00Z");
    const token = signDownload("rpt_abc", new Date(now.getTime() + 60_000));
    expect(readDownload(token, now)).toEqual({ runId: "rpt_abc" });
    expect(readDownload(token, new Date(now.getTime() + 61_000))).toBe("expired");
    const [payload, sig] = token.split(".");
    const other = Buffer.from(
      Buffer.from(payload ?? "", "base64url")
        .toString()
        .replace("rpt_abc", "rpt_xyz"),
    ).toString("base64url");
    expect(readDownload(`${other}.${sig}`, now)).toBeNull();
  });
});
