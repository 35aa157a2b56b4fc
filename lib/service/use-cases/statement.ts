import "server-only";
import Decimal from "decimal.js";
import {
  STATEMENT_MAX_ENTRIES,
  type Statement,
  type StatementEntry,
  type StatementQuery,
} from "@/lib/schemas/statement";
import type { Stablecoin } from "@/lib/schemas/catalog";
import type { Caller, ServiceDeps } from "../context";
import { statementOf } from "../store/statement";
import { ensureSandboxSeeded } from "./balances";
import { createdRange } from "@/lib/schemas/created-range";

const canonical = (d: Decimal.Value) => new Decimal(d).toFixed(8);
const parts = (available: Decimal.Value, reserved: Decimal.Value) => ({
  available: canonical(available),
  reserved: canonical(reserved),
  total: canonical(new Decimal(available).plus(reserved)),
});

/**
 * GET /v0/balances/{currency}/statement (extension, decision D10.5): the opening balance (every
 * movement before `from`), each movement in the range with the balance after it, and the closing
 * balance (opening + every movement in the range). Without bounds the closing is the balance the
 * API reports.
 */
export async function balanceStatement(
  deps: ServiceDeps,
  caller: Caller,
  currency: Stablecoin,
  query: StatementQuery,
): Promise<Statement> {
  await ensureSandboxSeeded(deps.db, caller, deps.clock.now());
  const { createdFrom, createdBefore } = createdRange({ created_from: query.from, created_to: query.to });
  const key = { accountId: caller.accountId, environment: caller.environment, currency };
  const { opening, range, rows } = await statementOf(
    deps.db,
    key,
    { from: createdFrom, before: createdBefore },
    STATEMENT_MAX_ENTRIES,
  );
  const entries: StatementEntry[] = rows.map((r) => ({
    seq: Number(r.seq),
    created_at: r.createdAt.toISOString(),
    kind: r.kind as StatementEntry["kind"],
    available_delta: canonical(r.availableDelta),
    reserved_delta: canonical(r.reservedDelta),
    total_delta: canonical(new Decimal(r.availableDelta).plus(r.reservedDelta)),
    ref_type: r.refType,
    ref_id: r.refId,
    balance_after: parts(
      new Decimal(opening.available).plus(r.availableRunning),
      new Decimal(opening.reserved).plus(r.reservedRunning),
    ),
  }));
  return {
    currency,
    from: createdFrom?.toISOString() ?? null,
    to: createdBefore?.toISOString() ?? null,
    opening: parts(opening.available, opening.reserved),
    closing: parts(
      new Decimal(opening.available).plus(range.available),
      new Decimal(opening.reserved).plus(range.reserved),
    ),
    entries,
    truncated: range.entries > entries.length,
  };
}
