import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/service/store/migrate";
import { openDatabase, type Database } from "@/lib/service/store/db";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { listRecordedDisbursements, recordDisbursement, refreshRecordedDisbursement } from "./disbursements";

const disbursement = (n: number, over: Partial<Disbursement> = {}): Disbursement => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  destination_id: "00000000-0000-4000-8000-999999999999",
  amount: "12.50000000",
  currency: "USDC",
  status: "PENDING",
  created_at: new Date(Date.UTC(2026, 10, 21, 12, n)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 10, 21, 12, n)).toISOString(),
  chain: "ETHEREUM",
  wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  ...over,
});

describe("the console's disbursements table (migration 0007)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    await migrate(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("records per environment, newest first, money back as the exact decimal string", async () => {
    const { db } = database;
    await recordDisbursement(db, "sandbox", disbursement(1), "a@example.com");
    await recordDisbursement(db, "sandbox", disbursement(2, { amount: "0.00000100" }), null);
    await recordDisbursement(db, "production", disbursement(3), null);
    await recordDisbursement(db, "sandbox", disbursement(1, { status: "COMPLETED" }), "replay@example.com"); // a replayed create

    const page = await listRecordedDisbursements(db, "sandbox", { page: 1, pageSize: 20 });
    expect(page.pagination).toEqual({ page: 1, page_size: 20, total: 2, total_pages: 1 });
    expect(page.data.map((d) => [d.id.slice(-1), d.amount, d.status, d.created_by])).toEqual([
      ["2", "0.00000100", "PENDING", null],
      ["1", "12.50000000", "PENDING", "a@example.com"],
    ]);
    const second = await listRecordedDisbursements(db, "sandbox", { page: 2, pageSize: 1 });
    expect(second.data.map((d) => d.id.slice(-1))).toEqual(["1"]);
  });

  it("refreshes the last seen status, only in its own environment", async () => {
    const { db } = database;
    await refreshRecordedDisbursement(db, "sandbox", disbursement(1, { status: "COMPLETED", payment_id: "00000000-0000-4000-8000-000000000777" }));
    await refreshRecordedDisbursement(db, "sandbox", disbursement(3, { status: "FAILED" }));
    const sandbox = await listRecordedDisbursements(db, "sandbox", { page: 1, pageSize: 20 });
    expect(sandbox.data.find((d) => d.id.endsWith("1"))).toMatchObject({ status: "COMPLETED", payment_id: "00000000-0000-4000-8000-000000000777" });
    const production = await listRecordedDisbursements(db, "production", { page: 1, pageSize: 20 });
    expect(production.data[0].status).toBe("PENDING");
  });
});
