/**
 * What a list of settlement requests shows of each one: the lists (and the overview's figures)
 * receive only these fields, so a page of 20 ships a fifth of the full objects to the browser.
 * The request's page reads the whole request.
 */
import type { Paginated, SettlementTotals } from "@/lib/schemas/list";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";

export type RequestRow = Pick<SettlementRequest, "id" | "external_id" | "status" | "type" | "created_at"> & {
  payment_instructions: Pick<
    SettlementRequest["payment_instructions"],
    "amount" | "currency" | "destination_amount" | "destination_currency"
  >;
};

export function toRequestRow(r: SettlementRequest): RequestRow {
  const { amount, currency, destination_amount, destination_currency } = r.payment_instructions;
  return {
    id: r.id,
    external_id: r.external_id,
    status: r.status,
    type: r.type,
    created_at: r.created_at,
    payment_instructions: { amount, currency, destination_amount, destination_currency },
  };
}

/** A page of rows, with the filtered set's totals when they were asked for. */
export type RequestRowsPage = Paginated<RequestRow> & { totals?: SettlementTotals };

export function toRequestRows(page: Paginated<SettlementRequest> & { totals?: SettlementTotals }): RequestRowsPage {
  return { ...page, data: page.data.map(toRequestRow) };
}
