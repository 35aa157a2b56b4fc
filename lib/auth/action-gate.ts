import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { permissionForAction } from "./action-permissions";
import { recordAudit } from "./audit";
import { checkAccess, requireActionActor, requireActor, type Gate } from "./guard";
import { PERMISSIONS } from "./permissions";
import { targetIdOf } from "./redact";
import { getActor, type Actor } from "./session";

/**
 * What lib/actions/action.ts `authorize()` calls first: the session, the role and the environment
 * rule for the action `action` (its permission from ACTION_PERMISSIONS). A route handler that
 * names no action gets the plain "read" permission for kind "read"; an unnamed mutation is refused.
 */
export async function gateAction(options: {
  action?: string;
  kind: "read" | "mutation";
  environment: Environment;
}): Promise<Gate> {
  const { action, kind, environment } = options;
  if (!action) {
    return kind === "read"
      ? requireActor({ permission: "read", environment })
      : checkAccess(await getActor(), undefined, environment);
  }
  const gate = await requireActionActor(action, environment);
  if (!gate.ok && mutates(action)) {
    // A refused change is worth knowing about (who tried what, where).
    await recordAudit({ actor: gate.actor, action, environment, result: gate.error.code });
  }
  return gate;
}

/** Whether the action's declared permission changes something (undeclared counts as a change). */
export function mutates(name: string): boolean {
  const permission = permissionForAction(name);
  return permission === undefined || permission === "public" || PERMISSIONS[permission].mutates;
}

/** The end of a mutating action, for the trail: `result` is the action's own discriminated result. */
export async function auditAction(entry: {
  name: string;
  actor: Actor | null;
  environment: Environment | null;
  input: unknown;
  result: { ok: true; data?: unknown } | { ok: false; error: { code: string } };
}): Promise<void> {
  const { result } = entry;
  await recordAudit({
    actor: entry.actor,
    action: entry.name,
    environment: entry.environment,
    targetId: targetIdOf(entry.input, result.ok ? result.data : undefined),
    result: result.ok ? "ok" : result.error.code,
  });
}
