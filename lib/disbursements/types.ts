import type { Disbursement } from "@/lib/schemas/disbursement";

/** A disbursement as the API lists it, with the console user who created it (null: created elsewhere). Browser-safe. */
export type ListedDisbursement = Disbursement & { created_by: string | null };
