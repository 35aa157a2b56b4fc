/** A disbursement the console created, as it last saw it (browser-safe: strings only). */
export type RecordedDisbursement = {
  id: string;
  /** Canonical decimal string. */
  amount: string;
  currency: string;
  chain: string | null;
  wallet_address: string | null;
  status: string;
  payment_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};
