"use server";

import { z } from "@/lib/schemas/zod";
import { findPayeeById, payeeAccountFields } from "@/lib/approvals/payees";
import { findSubmission } from "@/lib/approvals/store";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** The bank identifiers a held call names, whole: field → value, at any depth. */
function bankIdentifiers(value: unknown, path = ""): Array<{ field: string; value: string }> {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    ["iban", "account_number", "clabe"].includes(k) && typeof v === "string"
      ? [{ field: `${path}${k}`, value: v }]
      : bankIdentifiers(v, `${path}${k}.`),
  );
}

/**
 * Shows one masked bank identifier whole (issue 43): a saved payee's account, or those a held
 * call names. For those who may decide approvals; every reveal is in the audit trail.
 */
export const revealAccountNumber = consoleAction({
  name: "revealAccountNumber",
  permission: "approvals:decide",
  input: z.object({ kind: z.enum(["payee", "submission"]), id: idSchema }),
  run: async ({ kind, id }) => {
    const { db } = await getDatabase();
    if (kind === "payee") {
      const payee = await findPayeeById(db, id);
      if (payee?.kind !== "bank") return refused("not_found", "No such bank payee.");
      return {
        ok: true,
        data: payeeAccountFields(payee),
        audit: { targetId: id, environment: payee.environment, detail: `payee “${payee.name}”` },
      };
    }
    const row = await findSubmission(db, id);
    if (!row) return refused("not_found", "No such submission.");
    const found = bankIdentifiers(row.body);
    if (found.length === 0) return refused("not_found", "This submission names no bank account.");
    return {
      ok: true,
      data: found,
      audit: { targetId: id, environment: row.environment, detail: found.map((f) => f.field).join(", ") },
    };
  },
});
