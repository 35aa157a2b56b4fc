/**
 * Batch work shared by instances on the machine's PostgreSQL (decisions D20.4): of two instances
 * claiming at once, one gets the batch; a live lease keeps the other out and a lapsed one lets
 * it take over (the first then learns it lost the lease); status reads are split between them,
 * never read twice in one round; an edited row is checked again; a submitted batch's rows no
 * longer change.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { twoInstancesPerSuite } from "@/test/console-postgres";
import type { Database } from "@/lib/db/database";
import { parseCsv } from "@/lib/csv/parse";
import { findBatchById, insertBatch, moveBatch } from "./store";
import { claimRowsToFollow, claimWork, recordSend, releaseLease, renewLease } from "./work-queue";
import { editRow, retryFailedRows, setIncluded } from "./review-rows";
import { progressOf, totalsOf } from "./tallies";
import { templateCsv } from "./templates";
import { fileStyleOf } from "./store";
import { newBatchFromFailedRows } from "./follow-up";
import { batchReferencesOf } from "./references";
import type { Actor } from "@/lib/auth/session";

const SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

async function newBatch(db: Database["db"], rows = 20): Promise<string> {
  const text = `wallet_address,amount,currency,chain\n${Array.from({ length: rows }, (_, i) => `${SOLANA},${i + 1}.00,USDC,SOLANA`).join("\n")}\n`;
  const csv = parseCsv(text);
  if (!csv.ok) throw new Error("bad fixture");
  return insertBatch(db, {
    environment: "sandbox",
    kind: "disbursement",
    fileName: "t.csv",
    bytes: new TextEncoder().encode(text),
    sha256: "x",
    separator: ",",
    header: csv.header,
    records: csv.records,
    createdBy: "u1",
    createdByEmail: "u1@example.com",
  });
}

describe("batch work across instances (PostgreSQL)", () => {
  const { a, b } = twoInstancesPerSuite();

  it("keeps the file's bytes and every row, and sums what would be sent", async () => {
    const id = await newBatch(a.db, 4);
    const progress = await progressOf(a.db, id);
    expect(progress).toMatchObject({ rows: 4, included: 4, invalid: 0, waiting: 4 });
    expect(await totalsOf(a.db, id)).toEqual([{ currency: "USDC", amount: "10", count: 4 }]);
    // A template of another kind is stored as it came, too.
    const text = templateCsv("fiat-to-fiat");
    const csv = parseCsv(text);
    if (!csv.ok) throw new Error("bad template");
    const other = await insertBatch(a.db, {
      environment: "sandbox",
      kind: "settlement_request",
      fileName: "f2f.csv",
      bytes: new TextEncoder().encode(text),
      sha256: "y",
      separator: ",",
      header: csv.header,
      records: csv.records,
      createdBy: "u1",
      createdByEmail: "u1@example.com",
    });
    expect((await progressOf(a.db, other)).invalid).toBe(0);
    // A request batch waits to be priced with the service's quotes (the worker's work); not here.
    expect((await findBatchById(a.db, other))?.quoteState).toBe("queued");
    await a.db.execute(sql`update console_batches set quote_state = 'done' where id = ${other}`);
  });

  it("gives a batch to one of two instances claiming at once; a live lease keeps the other out, a lapsed one lets it take over", async () => {
    const id = await newBatch(a.db);
    expect(await moveBatch(a.db, id, ["review"], "sending", { sendingAt: new Date() })).toBe(true);
    // Eight claimers (four on each instance's pool), each its own owner.
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimWork(i % 2 ? b.db : a.db, `I${i}`)));
    const winners = claims.filter((c) => c?.id === id);
    expect(winners).toHaveLength(1);
    const owner = (await findBatchById(a.db, id))?.leaseOwner ?? "";
    const other = owner === "I0" ? "I1" : "I0";
    expect(await claimWork(b.db, other)).toBeNull();
    // The holder stops renewing (a crash): after the lease lapses, the other takes the batch.
    await a.db.execute(sql`update console_batches set lease_until = now() - interval '1 second' where id = ${id}`);
    expect((await claimWork(b.db, other))?.id).toBe(id);
    expect(await renewLease(a.db, id, owner)).toBe(false);
    expect(await renewLease(b.db, id, other)).toBe(true);
    await releaseLease(b.db, id, other);
    expect((await findBatchById(a.db, id))?.leaseOwner).toBeNull();
    await moveBatch(a.db, id, ["sending"], "done");
  });

  it("splits the status reads of sent rows between instances, none read twice in a round", async () => {
    const id = await newBatch(a.db);
    await moveBatch(a.db, id, ["review"], "sending");
    for (let row = 1; row <= 20; row++)
      await recordSend(a.db, id, row, {
        state: "sent",
        httpStatus: 201,
        resultId: `d-${row}`,
        resultStatus: "PENDING",
        final: false,
        failure: null,
      });
    await a.db.execute(sql`update console_batch_rows set checked_at = null where batch_id = ${id}`);
    const [first, second] = await Promise.all([
      claimRowsToFollow(a.db, id, 15, 60),
      claimRowsToFollow(b.db, id, 15, 60),
    ]);
    const seen = [...first, ...second].map((r) => r.rowNo);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(20);
    expect(await claimRowsToFollow(a.db, id, 15, 60)).toEqual([]);
  });

  it("checks an edited row again, and freezes the rows once the batch is submitted", async () => {
    const id = await newBatch(a.db, 2);
    const batch = await findBatchById(a.db, id);
    if (!batch) throw new Error("no batch");
    const broken = await editRow(a.db, batch, 1, [SOLANA, "1,5", "USDC", "SOLANA"]);
    expect(broken?.problems.map((p) => p.column)).toEqual(["amount"]);
    expect((await progressOf(a.db, id)).invalid).toBe(1);
    const fixed = await editRow(a.db, batch, 1, [SOLANA, "1.5", "USDC", "SOLANA"]);
    expect(fixed?.problems).toEqual([]);
    expect(fixed?.edited).toBe(true);
    await moveBatch(a.db, id, ["review"], "held");
    expect(await editRow(a.db, batch, 2, [SOLANA, "9", "USDC", "SOLANA"])).toBeNull();
    expect(await setIncluded(a.db, id, [2], false)).toBe(0);
  });

  it("an edit racing the submit on another instance never escapes what was judged: it lands before, or not at all (issue 44)", async () => {
    const { rowsDigestOf } = await import("./submit");
    for (let round = 0; round < 20; round++) {
      const id = await newBatch(a.db, 5);
      const batch = await findBatchById(a.db, id);
      if (!batch) throw new Error("no batch");
      const before = await rowsDigestOf(a.db, id);
      // Instance b edits row 1 while instance a moves the batch out of review, then reads the digest at once.
      const editing = editRow(b.db, batch, 1, [SOLANA, "999.00", "USDC", "SOLANA"]);
      const moved = await moveBatch(a.db, id, ["review"], "sending", {});
      const afterMove = await rowsDigestOf(a.db, id);
      const edited = await editing;
      expect(moved).toBe(true);
      // An edit that landed did so before the move (the digest read right after the move shows it): never after.
      if (edited) expect(afterMove).not.toBe(before);
      else expect(afterMove).toBe(before);
      const after = await rowsDigestOf(a.db, id);
      expect(after).toBe(afterMove);
      // Once moved, no edit lands.
      expect(await editRow(a.db, batch, 2, [SOLANA, "5.00", "USDC", "SOLANA"])).toBeNull();
      expect(await rowsDigestOf(a.db, id)).toBe(after);
    }
  });

  it("two retries of a batch's failed rows on two instances at once: the failed rows go back once, the paid ones never (issue 44)", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newBatch(a.db, 6);
      await a.db.execute(sql`update console_batch_rows set send_state = case when row_no % 3 = 0 then 'failed' else 'sent' end,
        result_id = 'r-' || row_no, result_final = true, result_status = case when row_no % 3 = 0 then null else 'COMPLETED' end
        where batch_id = ${id}`);
      await moveBatch(a.db, id, ["review"], "done", {});
      const [x, y] = await Promise.all([retryFailedRows(a.db, id), retryFailedRows(b.db, id)]);
      expect([x, y].sort()).toEqual([0, 2]);
      const rows = await a.db.execute(
        sql`select row_no, send_state, send_attempt, result_id from console_batch_rows where batch_id = ${id} order by row_no`,
      );
      const list = (
        rows as unknown as {
          rows: Array<{ row_no: number; send_state: string; send_attempt: number; result_id: string | null }>;
        }
      ).rows;
      expect(list.filter((r) => r.send_state === "waiting").map((r) => [r.row_no, r.send_attempt])).toEqual([
        [3, 1],
        [6, 1],
      ]);
      expect(list.filter((r) => r.send_state === "sent").map((r) => r.result_id)).toEqual(["r-1", "r-2", "r-4", "r-5"]);
      expect((await findBatchById(a.db, id))?.status).toBe("review");
    }
  });

  it("a retry and a new batch from the failed rows, at once on two instances: the failed rows go one way only (issue 44)", async () => {
    const actor = { userId: "u1", email: "u1@example.com", role: "finance" } as Actor;
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const id = await newBatch(a.db, 6);
      await a.db.execute(sql`update console_batch_rows set send_state = case when row_no % 3 = 0 then 'failed' else 'sent' end,
        result_id = 'r-' || row_no, result_final = true, result_status = case when row_no % 3 = 0 then null else 'COMPLETED' end
        where batch_id = ${id}`);
      await moveBatch(a.db, id, ["review"], "done", {});
      const batch = await findBatchById(a.db, id);
      if (!batch) throw new Error("no batch");
      const [retried, made] =
        round % 2 === 0
          ? await Promise.all([retryFailedRows(a.db, id), newBatchFromFailedRows(b.db, batch, actor)])
          : await Promise.all([retryFailedRows(b.db, id), newBatchFromFailedRows(a.db, batch, actor)]);
      // Exactly one of the two took the failed rows.
      expect(retried > 0 !== made.ok).toBe(true);
      outcomes.add(made.ok ? "new" : "retry");
      if (made.ok) {
        expect(made.rows).toBe(2);
        const followed = await findBatchById(a.db, id);
        expect(followed?.followedBy).toBe(made.id);
        expect(followed?.status).toBe("done");
        const next = await findBatchById(a.db, made.id);
        expect(next).toMatchObject({ status: "review", follows: id, separator: ",", rowCount: 2 });
        expect(await totalsOf(a.db, made.id)).toEqual([{ currency: "USDC", amount: "9", count: 2 }]);
        // The followed batch never retries them itself afterwards.
        expect(await retryFailedRows(a.db, id)).toBe(0);
      } else {
        expect(["already_followed", "not_finished"]).toContain(made.code);
        expect((await findBatchById(a.db, id))?.followedBy).toBeNull();
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("a finished batch without a failed row makes no new batch, and is not marked followed", async () => {
    const actor = { userId: "u1", email: "u1@example.com", role: "finance" } as Actor;
    const id = await newBatch(a.db, 3);
    await a.db.execute(sql`update console_batch_rows set send_state = 'sent', result_id = 'r-' || row_no,
      result_final = true, result_status = 'COMPLETED' where batch_id = ${id}`);
    await moveBatch(a.db, id, ["review"], "done", {});
    const batch = await findBatchById(a.db, id);
    if (!batch) throw new Error("no batch");
    const made = await newBatchFromFailedRows(b.db, batch, actor);
    expect(made).toMatchObject({ ok: false, code: "nothing_to_retry" });
    expect((await findBatchById(a.db, id))?.followedBy).toBeNull();
  });

  it("finds the batch row and its file's reference from what the row created", async () => {
    const text = `wallet_address;amount;currency;chain;Reference\n${SOLANA};1.00;USDC;SOLANA;PAY-1\n${SOLANA};2.00;USDC;SOLANA;\n`;
    const csv = parseCsv(text);
    if (!csv.ok) throw new Error("bad fixture");
    const id = await insertBatch(a.db, {
      environment: "sandbox",
      kind: "disbursement",
      fileName: "payroll.csv",
      bytes: new TextEncoder().encode(text),
      sha256: "z",
      separator: ";",
      header: csv.header,
      records: csv.records,
      createdBy: "u1",
      createdByEmail: "u1@example.com",
    });
    await a.db.execute(
      sql`update console_batch_rows set send_state = 'sent', result_id = 'dsb-' || ${id} || '-' || row_no where batch_id = ${id}`,
    );
    const found = await batchReferencesOf(a.db, "sandbox", [`dsb-${id}-1`, `dsb-${id}-2`, "other"]);
    expect(found.get(`dsb-${id}-1`)).toEqual({ batchId: id, rowNo: 1, fileName: "payroll.csv", reference: "PAY-1" });
    expect(found.get(`dsb-${id}-2`)?.reference).toBeNull();
    expect(found.has("other")).toBe(false);
    expect((await batchReferencesOf(a.db, "production", [`dsb-${id}-1`])).size).toBe(0);
  });

  it("remembers how the upload was written: a BOM and its line ends, for results written the same way (issue 44)", async () => {
    const make = async (text: string) => {
      const csv = parseCsv(text.replace(/^\uFEFF/, ""));
      if (!csv.ok) throw new Error("bad fixture");
      return insertBatch(a.db, {
        environment: "sandbox",
        kind: "disbursement",
        fileName: "style.csv",
        bytes: new TextEncoder().encode(text),
        sha256: "s",
        separator: ",",
        header: csv.header,
        records: csv.records,
        createdBy: "u1",
        createdByEmail: "u1@example.com",
      });
    };
    const excel = await make(`\uFEFFwallet_address,amount,currency,chain\r\n${SOLANA},1.00,USDC,SOLANA\r\n`);
    const unix = await make(`wallet_address,amount,currency,chain\n${SOLANA},1.00,USDC,SOLANA\n`);
    expect(await fileStyleOf(a.db, excel)).toEqual({ bom: true, lineEnd: "\r\n" });
    expect(await fileStyleOf(b.db, unix)).toEqual({ bom: false, lineEnd: "\n" });
  });
});
