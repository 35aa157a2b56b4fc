import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { creatorsOf, recordDisbursement } from "./store";

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

describe("the console's record of who created a disbursement (migration 0007)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    await migrate(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("remembers the creator per environment; a replayed create changes nothing", async () => {
    const { db } = database;
    await recordDisbursement(db, "sandbox", disbursement(1), "a@example.com");
    await recordDisbursement(db, "sandbox", disbursement(2, { amount: "0.00000100" }), null);
    await recordDisbursement(db, "production", disbursement(3), "p@example.com");
    await recordDisbursement(db, "sandbox", disbursement(1, { status: "COMPLETED" }), "replay@example.com");

    const ids = [1, 2, 3, 4].map((n) => disbursement(n).id);
    const sandbox = await creatorsOf(db, "sandbox", ids);
    expect([...sandbox.entries()].map(([id, by]) => [id.slice(-1), by]).sort()).toEqual([
      ["1", "a@example.com"],
      ["2", null],
    ]);
    expect([...(await creatorsOf(db, "production", ids)).values()]).toEqual(["p@example.com"]);
    expect((await creatorsOf(db, "sandbox", [])).size).toBe(0);
  });
});
