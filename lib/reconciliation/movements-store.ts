import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { ActualMovement } from "./types";
import { movementRange } from "./period";
import { CHUNK, dateText, num } from "./store-rows";
import { type ExpectedDbRow, type ExpectedRow, toExpected } from "./expected-store";

/** What the service did (`console_recon_movements`), copied from the API, and what matching takes. Decisions D24, migration 0036. */

export type MovementRow = ActualMovement & { state: string; fee: string };
export type MovementDbRow = {
  id: string;
  kind: ActualMovement["kind"];
  direction: "in" | "out";
  amount: string;
  currency: string;
  day: string | Date;
  counterparty: string | null;
  reference: string | null;
  rail: string | null;
  returned: boolean;
  state: string;
  fee: string;
};
export const toMovement = (r: MovementDbRow): MovementRow => ({
  id: r.id,
  kind: r.kind,
  direction: r.direction,
  amount: num(r.amount),
  currency: r.currency,
  day: dateText(r.day),
  counterparty: r.counterparty,
  reference: r.reference,
  rail: r.rail,
  returned: r.returned,
  state: r.state,
  fee: num(r.fee),
});

/** Copies movements from the service; one already matched keeps its state (a return still marks it). */
export async function upsertMovements(
  db: Executor,
  environment: Environment,
  movements: ReadonlyArray<ActualMovement & { fee?: string; parentId?: string | null }>,
): Promise<void> {
  for (let i = 0; i < movements.length; i += CHUNK) {
    const chunk = movements.slice(i, i + CHUNK).map((m) => ({
      id: m.id,
      kind: m.kind,
      direction: m.direction,
      amount: m.amount,
      currency: m.currency,
      day: m.day,
      counterparty: m.counterparty,
      reference: m.reference,
      rail: m.rail,
      fee: m.fee ?? "0",
      returned: m.returned,
      parent_id: m.parentId ?? null,
    }));
    await db.execute(
      sql`insert into console_recon_movements
            (environment, id, kind, direction, amount, currency, day, counterparty, reference, rail, fee, returned, parent_id)
          select ${environment}, r.id, r.kind, r.direction, r.amount, r.currency, r.day, r.counterparty, r.reference,
                 r.rail, r.fee, r.returned, r.parent_id
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(
              id text, kind text, direction text, amount numeric, currency text, day date, counterparty text,
              reference text, rail text, fee numeric, returned boolean, parent_id text)
          on conflict (environment, id) do update
            set returned = excluded.returned,
                amount = case when console_recon_movements.state = 'open' then excluded.amount else console_recon_movements.amount end,
                day = case when console_recon_movements.state = 'open' then excluded.day else console_recon_movements.day end,
                synced_at = now()`,
    );
  }
}

export async function findMovements(
  db: Executor,
  environment: Environment,
  ids: readonly string[],
): Promise<MovementRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment}
           and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
         order by day, id`,
  );
  return rows.map(toMovement);
}

/**
 * Open movements a person may pick for a manual match of a month's exception: of the days that
 * month's matching reads (movementRange), this currency and direction, the closest amounts
 * first, then the newest.
 */
export async function openMovements(
  db: Executor,
  environment: Environment,
  filter: { period: string; currency: string; direction: "in" | "out"; near?: string | null; limit?: number },
): Promise<MovementRow[]> {
  const { from, to } = movementRange(filter.period);
  const rows = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment} and day between ${from}::date and ${to}::date
           and state in ('open', 'exception')
           and currency = ${filter.currency} and direction = ${filter.direction}
         order by ${filter.near ? sql`abs(amount - ${filter.near}::numeric),` : sql``} day desc, id desc
         limit ${filter.limit ?? 50}`,
  );
  return rows.map(toMovement);
}

/** What the matcher takes for a month: its open expected settlements, and the open movements from a month before it on. */
export async function openForMatching(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<{ expected: ExpectedRow[]; actual: MovementRow[] }> {
  const { from, to } = movementRange(period);
  // One after the other: in a transaction both go over one connection.
  const expected = await queryRows<ExpectedDbRow>(
    db,
    sql`select * from console_recon_expected where environment = ${environment} and period = ${period} and state = 'open'`,
  );
  const actual = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment} and state = 'open' and day between ${from}::date and ${to}::date`,
  );
  return { expected: expected.map(toExpected), actual: actual.map(toMovement) };
}
