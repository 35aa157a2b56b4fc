import "server-only";
import { fail } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";
import { findBatch, type BatchRow } from "./store";

/**
 * The batch an action works on: in the environment the console shows, and only for someone who
 * may create what its rows create (a batch of disbursements needs disbursement:create).
 */
export async function batchFor(
  environment: Environment,
  actor: Actor,
  id: string,
): Promise<{ ok: true; batch: BatchRow } | ReturnType<typeof fail>> {
  const { db } = await getDatabase();
  const batch = await findBatch(db, environment, id);
  if (!batch) return fail({ code: "not_found", message: `No batch ${id} in ${environment}.` });
  const permission = batch.kind === "disbursement" ? "disbursement:create" : "settlement:create";
  if (!can(actor.role, permission, environment))
    return fail({ code: "forbidden", message: "Your role cannot create what this batch's rows create." });
  return { ok: true, batch };
}
