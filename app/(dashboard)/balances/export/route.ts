import { authorize } from "@/lib/auth/authorize";
import { atCurrencyPlaces } from "@/lib/money/decimal";
import { batchReferencesOf } from "@/lib/batches/references";
import { getDatabase } from "@/lib/db/connection";
import { csvResponse, exportFailed, refused, toCsv, type CsvColumn } from "@/lib/dashboard/csv";
import { dateParam, oneOfParam } from "@/lib/dashboard/search-params";
import { MOVEMENT_LABELS, STATEMENT_CURRENCIES } from "@/lib/dashboard/statement-view";
import type { StatementEntry } from "@/lib/schemas/statement";
import { getBalanceStatement } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

/** One line of the CSV: the opening balance, each movement, the closing balance. */
type Line = {
  line: "opening" | "movement" | "closing";
  at: string | null;
  entry: StatementEntry | null;
  after: StatementEntry["balance_after"];
  currency: string;
  /** The batch file's reference of the object that moved the money, when a batch created it (issue 44). */
  reference: string | null;
};

const COLUMNS: CsvColumn<Line>[] = [
  { header: "line", value: (l) => l.line },
  { header: "created_at", value: (l) => l.at },
  { header: "movement", value: (l) => l.entry?.kind },
  {
    header: "description",
    value: (l) =>
      l.entry ? MOVEMENT_LABELS[l.entry.kind] : l.line === "opening" ? "Opening balance" : "Closing balance",
  },
  { header: "ref_type", value: (l) => l.entry?.ref_type },
  { header: "ref_id", value: (l) => l.entry?.ref_id },
  { header: "reference", value: (l) => l.reference },
  { header: "available_delta", value: (l) => atCurrencyPlaces(l.entry?.available_delta, l.currency) },
  { header: "reserved_delta", value: (l) => atCurrencyPlaces(l.entry?.reserved_delta, l.currency) },
  { header: "total_delta", value: (l) => atCurrencyPlaces(l.entry?.total_delta, l.currency) },
  { header: "available_after", value: (l) => atCurrencyPlaces(l.after.available, l.currency) },
  { header: "reserved_after", value: (l) => atCurrencyPlaces(l.after.reserved, l.currency) },
  { header: "total_after", value: (l) => atCurrencyPlaces(l.after.total, l.currency) },
];

/** GET /balances/export?currency=&from=&to=: the statement on screen as CSV, opening and closing as its first and last lines. */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return refused(auth.error);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const currency = oneOfParam(STATEMENT_CURRENCIES, params.currency) ?? "USDC";
  const from = dateParam(params.from);
  const to = dateParam(params.to);
  const result = await getBalanceStatement(auth.ctx.environment, currency, {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  if (!result.ok) return exportFailed(result.error);
  const st = result.data;
  const { db } = await getDatabase();
  const references = await batchReferencesOf(
    db,
    auth.ctx.environment,
    st.entries.flatMap((e) => (e.ref_id ? [e.ref_id] : [])),
  );
  const lines: Line[] = [
    { line: "opening", at: st.from, entry: null, after: st.opening, reference: null, currency },
    ...st.entries.map(
      (e): Line => ({
        line: "movement",
        at: e.created_at,
        entry: e,
        after: e.balance_after,
        reference: (e.ref_id && references.get(e.ref_id)?.reference) || null,
        currency,
      }),
    ),
    { line: "closing", at: st.to, entry: null, after: st.closing, reference: null, currency },
  ];
  return csvResponse(`statement-${currency}`, auth.ctx.environment, toCsv(COLUMNS, lines));
}
