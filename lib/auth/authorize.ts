import "server-only";
import { recordAudit } from "@/lib/auth/audit";
import { checkAccess } from "@/lib/auth/guard";
import { PERMISSIONS, type Permission } from "@/lib/auth/permissions";
import { getSessionPerson, type Actor } from "@/lib/auth/session";
import type { ActionError, ActionMeta } from "@/lib/dashboard/action-result";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import type { Environment } from "@/lib/dashboard/environment-schema";

/** What a caller needs: a permission of lib/auth/permissions.ts, or nothing at all (signing in only). */
export type ActionPermission = Permission | "public";

/**
 * - `read`: changes nothing; not audited.
 * - `mutation`: changes the API's data in the environment the page shows: the page must name
 *   that environment (it must still match the cookie) and a production change must be
 *   confirmed; audited.
 * - `console`: the console's own state (people, API keys, one's password, sign-in, the
 *   environment preference): no environment or confirmation asked; every call is audited,
 *   refusals included.
 */
export type ActionKind = "read" | "mutation" | "console";

export type ActionContext<P extends ActionPermission = Permission> = {
  /** The environment of this call (from the console_env cookie). */
  environment: Environment;
  /** Who is calling: signed in, with a role allowed to run this action here (none for "public"). */
  actor: P extends "public" ? null : Actor;
};

/** A refusal in the shape every action returns. */
export const fail = (
  error: Omit<ActionError, "details"> & { details?: ActionError["details"] },
): { ok: false; error: ActionError } => ({
  ok: false,
  error: { details: [], ...error },
});

/** The environment the trail records for a permission: none for console-wide ones. */
export const scopedEnvironment = (permission: ActionPermission, environment: Environment): Environment | null =>
  permission !== "public" && PERMISSIONS[permission].scope === "environment" ? environment : null;

/** Whether a refused call lands in the audit trail: a change, or a permission that allows one. */
export const auditsRefusal = (rule: { kind: ActionKind; permission: ActionPermission }): boolean =>
  rule.kind !== "read" || (rule.permission !== "public" && PERMISSIONS[rule.permission].mutates);

/**
 * Who may call, and against which environment: the session and the role for `permission` (a
 * refusal of a change is audited), then for a mutation the page's environment and the
 * production confirmation, then the sandbox-only rule. Shared by every action and by the route
 * handlers (CSV export), so the check lives in one place.
 */
export async function authorize<P extends ActionPermission>(
  rule: { name?: string; permission: P; kind: ActionKind; sandboxOnly?: boolean },
  meta?: ActionMeta,
): Promise<{ ok: true; ctx: ActionContext<P> } | { ok: false; error: ActionError }> {
  const environment = await getEnvironment();
  let actor: Actor | null = null;
  if (rule.permission !== "public") {
    const gate = checkAccess(await getSessionPerson(), rule.permission, environment);
    if (!gate.ok) {
      if (rule.name && auditsRefusal(rule)) {
        // A refused change is worth knowing about (who tried what, where).
        await recordAudit({
          actor: gate.actor,
          action: rule.name,
          environment: scopedEnvironment(rule.permission, environment),
          result: gate.error.code,
        });
      }
      return fail(gate.error);
    }
    actor = gate.actor;
  }
  if (rule.kind === "mutation") {
    if (meta?.environment !== environment) {
      return fail({
        code: "environment_mismatch",
        message: `The console is now pointed at ${environment}; reload the page before making changes.`,
        status: 409,
      });
    }
    if (environment === "production" && meta.confirmProduction !== true) {
      return fail({
        code: "production_not_confirmed",
        message: "Changes in production must be confirmed explicitly.",
        status: 400,
      });
    }
  }
  if (rule.sandboxOnly && environment !== "sandbox") {
    return fail({ code: "sandbox_only", message: "This exists only in the sandbox environment.", status: 403 });
  }
  return { ok: true, ctx: { environment, actor } as ActionContext<P> };
}
