import "server-only";
import type { Actor } from "@/lib/auth/session";
import type { ApiCall } from "@/lib/dashboard/api-calls";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/schemas/catalog";
import { nowFor } from "./clock";
import { factsOf } from "./facts";
import { type ControlledAction, governingRule, rolesText } from "./rules";
import { currentRules, insertSubmission } from "./store";

/** What a controlled action would send: its kind and the exact API call (lib/dashboard/api-calls.ts). */
export type Control = { action: ControlledAction; call: ApiCall };

export type Held = { id: string; message: string };

/**
 * The one check of every controlled action (decisions D19.2), run by the action wrapper after
 * the caller was authorized and the input parsed: when a current rule holds the call, it is
 * stored (method, path, body, Idempotency-Key) instead of sent, and the caller is told who may
 * approve it and why. Otherwise null: the call goes through as it always did.
 */
export async function holdIfRuled(control: Control, ctx: { environment: Environment; actor: Actor; actionName: string }): Promise<Held | null> {
  const { db } = await getDatabase();
  const rules = await currentRules(db);
  if (rules.length === 0) return null;
  const facts = factsOf(ctx.environment, control.action, control.call.body);
  const rule = governingRule(rules, facts);
  if (!rule) return null;
  const now = await nowFor(ctx.environment);
  const row = await insertSubmission(db, {
    environment: ctx.environment,
    action: control.action,
    actionName: ctx.actionName,
    method: control.call.method as "POST",
    path: control.call.path,
    idempotencyKey: control.call.idempotencyKey ?? null,
    body: control.call.body ?? null,
    facts,
    submittedBy: ctx.actor.userId,
    submittedByEmail: ctx.actor.email,
    expiresAt: new Date(now.getTime() + env().APPROVAL_EXPIRY_HOURS * 3_600_000),
    rule,
  });
  const needs = `${rule.approvalsRequired} approval${rule.approvalsRequired === 2 ? "s" : ""} from ${rolesText(rule.approverRoles)}`;
  return { id: row.id, message: `Waiting for approval: “${rule.name}” needs ${needs} (not you). Nothing was sent yet.` };
}
