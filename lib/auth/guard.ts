import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { decide, PERMISSIONS, type Permission } from "./permissions";
import { getSessionPerson, type Actor } from "./session";

/** Why a call was refused; browser-safe, shaped like the actions' errors. */
export type Refusal =
  | { code: "unauthorized"; message: string; status: 401 }
  | { code: "forbidden" | "second_factor_required"; message: string; status: 403 };

export type Gate = { ok: true; actor: Actor } | { ok: false; error: Refusal; actor: Actor | null };

const UNAUTHORIZED: Refusal = { code: "unauthorized", message: "Your session has ended. Sign in again.", status: 401 };

/** The decision for a known actor (or none): pure, so the table test can run it for every role. */
export function checkAccess(
  actor: Actor | null,
  permission: Permission | undefined,
  environment: Environment | null,
): Gate {
  if (!actor) return { ok: false, error: UNAUTHORIZED, actor: null };
  if (!permission) {
    return {
      ok: false,
      actor,
      error: { code: "forbidden", message: "This action has no declared permission.", status: 403 },
    };
  }
  if (actor.mustChangePassword && permission !== "account:self" && permission !== "account:session") {
    return {
      ok: false,
      actor,
      error: { code: "forbidden", message: "Choose your own password first, under Account.", status: 403 },
    };
  }
  // Signed in with the password only: nothing but the second factor (or signing out) until it is
  // proved here, or set up when the person's role requires one (issue 43).
  if (actor.secondFactor === "pending" && permission !== "account:session") {
    return {
      ok: false,
      actor,
      error: {
        code: "second_factor_required",
        message: "Enter the code from your authenticator app first.",
        status: 403,
      },
    };
  }
  // A generated password is replaced before a second factor is bound: the person who set it (or
  // a file on the server) must not be the one who binds the authenticator (issue 59).
  const passwordFirst = actor.mustChangePassword && permission === "account:self";
  if (actor.secondFactor === "setup-required" && permission !== "account:session" && !passwordFirst) {
    return {
      ok: false,
      actor,
      error: {
        code: "second_factor_required",
        message: "Your role needs a second factor: set up an authenticator app first.",
        status: 403,
      },
    };
  }
  const decision = decide(actor.role, permission, PERMISSIONS[permission].scope === "console" ? null : environment);
  if (decision.allowed) return { ok: true, actor };
  const message =
    decision.reason === "production"
      ? "Changes in production need the finance or admin role."
      : `Your role (${actor.role}) may not ${PERMISSIONS[permission].label.toLowerCase()}.`;
  return { ok: false, actor, error: { code: "forbidden", message, status: 403 } };
}

/**
 * The signed-in actor if they may use `permission` in `environment` (null: console-wide), or a
 * typed refusal: `unauthorized` without a valid session, `forbidden` otherwise.
 */
export async function requireActor(options: {
  permission: Permission;
  environment: Environment | null;
}): Promise<Gate> {
  return checkAccess(await getSessionPerson(), options.permission, options.environment);
}
