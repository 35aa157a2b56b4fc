/**
 * Test support for batch payouts (e2e/batches.spec.ts): disbursement files as a finance team
 * writes them, and the service's request log read with the sandbox key.
 */
import { randomBytes } from "node:crypto";
import { base58 } from "@scure/base";

/** A Solana address of its own (32 random bytes, base58): nobody else pays it. */
export const solanaAddress = () => base58.encode(randomBytes(32));

export type FileRow = { wallet_address: string; amount: string; currency: string; chain: string };

/** `count` valid disbursement rows to new Solana wallets, 1.00 to 49.00 USDC. */
export function disbursementRows(count: number): FileRow[] {
  return Array.from({ length: count }, (_, i) => ({
    wallet_address: solanaAddress(),
    amount: `${(i % 49) + 1}.00`,
    currency: "USDC",
    chain: "SOLANA",
  }));
}

/** The rows as a CSV file (semicolons when asked, a BOM when asked: spreadsheets write both). */
export function disbursementFile(rows: FileRow[], options: { separator?: "," | ";"; bom?: boolean } = {}): string {
  const sep = options.separator ?? ",";
  const lines = ["wallet_address", "amount", "currency", "chain"].join(sep);
  const body = rows.map((r) => [r.wallet_address, r.amount, r.currency, r.chain].join(sep));
  return `${options.bom ? "\uFEFF" : ""}${[lines, ...body].join("\r\n")}\r\n`;
}

export type LogEntry = {
  idempotency_key: string | null;
  idempotent_replayed: boolean;
  status: number;
  resource_id: string | null;
  method: string;
  path: string;
};

/** Every request-log entry of POST /v0/disbursements whose Idempotency-Key starts with `prefix`. */
export async function loggedCreates(origin: string, key: string, prefix: string): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await fetch(
      `${origin}/v0/request-logs?method=POST&path=${encodeURIComponent("/v0/disbursements")}&page=${page}&page_size=100`,
      { headers: { "X-Api-Key": key } },
    );
    if (!res.ok) throw new Error(`request log: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: LogEntry[] };
    entries.push(...body.data.filter((e) => e.idempotency_key?.startsWith(prefix)));
    if (body.data.length < 100) break;
  }
  return entries;
}
