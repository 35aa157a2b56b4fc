import "server-only";
import type { Disbursement } from "@/lib/schemas/disbursement";
import type { Caller, ServiceDeps } from "../context";
import { disbursementToWire, loadDisbursement } from "./disbursement-view";

/** GET /v0/disbursements/{id}: 404 for an id of another account or environment. */
export async function getDisbursement(deps: ServiceDeps, caller: Caller, id: string): Promise<Disbursement> {
  return disbursementToWire(await loadDisbursement(deps.db, caller, id));
}
