import "server-only";
import { isDatabaseUnavailable, markDatabaseLost, RETRY_AFTER_SECONDS } from "@/lib/db/availability";
import { unstable_rethrow } from "next/navigation";
import { z } from "@/lib/schemas/zod";
import { recordAudit } from "@/lib/auth/audit";
import {
  authorize,
  fail,
  scopedEnvironment,
  type ActionContext,
  type ActionKind,
  type ActionPermission,
} from "@/lib/auth/authorize";
import { targetIdOf } from "@/lib/auth/redact";
import { observed } from "@/lib/observability/observe";
import { environmentSchema, type Environment } from "@/lib/dashboard/environment-schema";
import { zodIssuesToDetails, validationMessage } from "@/lib/schemas/error";
import type { ApiFailure, ApiResult } from "@/lib/settlement-api";
import type { ActionError, ActionMeta, ActionResult } from "@/lib/dashboard/action-result";
import { safeError } from "@/lib/observability/safe-error";
import { readableValidation } from "@/lib/schemas/field-label";
import type { ControlVerdict } from "./control-verdict";

export type { ActionContext, ActionKind, ActionPermission };

/** What the audit trail records of a call, when the action knows better than its input and answer. */
export type AuditNote = {
  targetId?: string | null;
  environment?: Environment | null;
  detail?: string;
  /** For a call without a session (signing in): the address it was for. */
  email?: string;
  /** Counted on one row per this key and hour instead of a row each (failed sign-ins for unknown emails). */
  rollUp?: string;
};

/** What `run` returns: the API's answer or the action's own, and optionally a note for the trail. */
export type Outcome<T> = (ApiResult<T> | { ok: true; data: T } | { ok: false; error: ApiFailure | ActionError }) & {
  audit?: AuditNote;
};

type ActionConfig<S extends z.ZodType, T, P extends ActionPermission> = {
  /** The exported name: logs, metrics and the audit trail. */
  name: string;
  /** Who may call it (checked for the session's role in this call's environment before anything else). */
  permission: P;
  kind: ActionKind;
  /** Refused outside sandbox before calling the API. */
  sandboxOnly?: boolean;
  input: S;
  run: (input: z.output<S>, ctx: ActionContext<P> & { raw: z.input<S> }) => Promise<Outcome<T>>;
  /**
   * A call the approval rules may hold (lib/approvals): the feature judges the exact call `run`
   * would send (`controlled(entries, build)` of lib/approvals/hold.ts) and this wrapper acts on the
   * verdict, once, for the form, the server action and a scripted call alike. The wrapper knows
   * no feature and no rule (issue 60): each controlled action names its own entry.
   */
  control?: (
    input: z.output<S>,
    ctx: ActionContext<P> & { raw: z.input<S>; actor: NonNullable<ActionContext<P>["actor"]>; actionName: string },
  ) => Promise<ControlVerdict>;
};

const metaSchema = z
  .object({ environment: environmentSchema.optional(), confirmProduction: z.boolean().optional() })
  .optional();

/** An action's own refusal; `fields` puts a message under form fields (by name). */
export function refused(
  code: string,
  message: string,
  fields: Record<string, string> = {},
): { ok: false; error: ActionError } {
  return fail({ code, message, details: Object.entries(fields).map(([path, text]) => ({ path, message: text })) });
}

/** API failures → the browser-safe error (API messages are ours; unknown errors never get here). */
export function toActionError(failure: ApiFailure | ActionError): ActionError {
  if (!("kind" in failure)) return failure;
  switch (failure.kind) {
    case "api":
      return {
        code: failure.code,
        message: readableValidation(failure.details) ?? failure.message,
        status: failure.status,
        details: failure.details,
        retryAfterSeconds: failure.retryAfterSeconds,
        requestId: failure.requestId,
      };
    case "network":
      return { code: "network_error", message: failure.message, details: [] };
    case "bad_response":
      return { code: "bad_response", message: failure.message, status: failure.status, details: [] };
    case "not_configured":
      return { code: "not_configured", message: failure.message, details: [] };
  }
}

/**
 * Builds a server action (decisions D12.2), the one wrapper of every action: each is a public POST
 * endpoint. The caller is authorized for the declared permission first (lib/auth/authorize.ts),
 * then the input is parsed with zod, `run`'s answer becomes a discriminated result, changes (and
 * refusals of them) land in the audit trail, every call is measured, and an unknown error is
 * logged and masked. Actions are made with one of the three named constructors below, which
 * say what kind of call each is.
 */
function action<S extends z.ZodType, T, P extends ActionPermission>(config: ActionConfig<S, T, P>) {
  return (input: z.input<S>, meta?: ActionMeta): Promise<ActionResult<T>> =>
    observed(config.name, () => runAction(config, input, meta));
}

type Config<S extends z.ZodType, T, P extends ActionPermission> = Omit<ActionConfig<S, T, P>, "kind">;

/** A read: changes nothing, not audited; any environment the person may read. */
export function readAction<S extends z.ZodType, T, P extends ActionPermission>(
  config: Omit<Config<S, T, P>, "control">,
) {
  return action({ ...config, kind: "read" });
}

/**
 * A change to the API's data in the environment the page shows: the page must name that
 * environment (still the cookie's) and a production change must be confirmed; audited, and the
 * approval rules may hold it (`control`).
 */
export function mutationAction<S extends z.ZodType, T, P extends ActionPermission>(config: Config<S, T, P>) {
  return action({ ...config, kind: "mutation" });
}

/** A change to the console's own state (people, keys, one's password, drafts such as a batch under review): no page environment or confirmation asked; every call audited, refusals included. */
export function consoleAction<S extends z.ZodType, T, P extends ActionPermission>(config: Config<S, T, P>) {
  return action({ ...config, kind: "console" });
}

async function runAction<S extends z.ZodType, T, P extends ActionPermission>(
  config: ActionConfig<S, T, P>,
  input: z.input<S>,
  meta: ActionMeta | undefined,
): Promise<ActionResult<T>> {
  let ctx: ActionContext<P> | null = null;
  try {
    // The console's own actions take no page environment; a stray second argument is ignored.
    const parsedMeta =
      config.kind === "console" ? { success: true as const, data: undefined } : metaSchema.safeParse(meta);
    if (!parsedMeta.success) return fail({ code: "invalid_input", message: "Invalid call.", status: 400 });
    const auth = await authorize(config, parsedMeta.data);
    if (!auth.ok) return auth;
    ctx = auth.ctx;

    const parsed = config.input.safeParse(input);
    if (!parsed.success) {
      const details = zodIssuesToDetails(parsed.error.issues);
      return fail({
        code: "invalid_input",
        message: readableValidation(details) ?? validationMessage(details),
        status: 400,
        details,
      });
    }
    let finish = async (_ok: boolean) => {};
    if (config.control && ctx.actor) {
      const verdict = await config.control(parsed.data, {
        ...auth.ctx,
        raw: input,
        actor: ctx.actor,
        actionName: config.name,
      });
      if (verdict.kind === "refused") {
        await recordAudit({
          actor: ctx.actor,
          action: config.name,
          environment: ctx.environment,
          result: verdict.code,
        });
        return fail({ code: verdict.code, message: verdict.message, status: 409 });
      }
      if (verdict.kind !== "go") {
        const code = verdict.kind === "held" ? "held_for_approval" : "daily_limit_exceeded";
        await recordAudit({
          actor: ctx.actor,
          action: config.name,
          targetId: verdict.held.id,
          environment: ctx.environment,
          result: code,
        });
        return fail({
          code,
          message: verdict.held.message,
          status: verdict.kind === "held" ? 202 : 409,
          submissionId: verdict.held.id,
          ...(verdict.held.replaces ? { replaces: verdict.held.replaces } : {}),
        });
      }
      finish = verdict.finish;
    }
    const outcome = await config.run(parsed.data, { ...auth.ctx, raw: input });
    // The controls remember how it ended (a failure counts against no limit; a success is a first payment).
    await finish(outcome.ok);
    const final: ActionResult<T> = outcome.ok
      ? { ok: true, data: outcome.data, ...("replayed" in outcome && outcome.replayed ? { replayed: true } : {}) }
      : { ok: false, error: toActionError(outcome.error) };
    if (config.kind !== "read") {
      const note = outcome.audit ?? {};
      await recordAudit({
        actor: ctx.actor,
        email: note.email,
        action: config.name,
        targetId:
          note.targetId !== undefined ? note.targetId : targetIdOf(parsed.data, final.ok ? final.data : undefined),
        environment:
          note.environment !== undefined ? note.environment : scopedEnvironment(config.permission, ctx.environment),
        detail: note.detail,
        result: final.ok ? "ok" : final.error.code,
        rollUp: note.rollUp,
      });
    }
    return final;
  } catch (error) {
    // Next's own control flow (redirect, notFound, dynamic rendering bail-outs) passes through.
    unstable_rethrow(error);
    if (isDatabaseUnavailable(error)) {
      // The database is away (issue 49): nothing was saved, and the audit cannot be written either.
      markDatabaseLost(error);
      return fail({
        code: "service_unavailable",
        message: "The database is unreachable right now; nothing was saved. Try again in a moment.",
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    }
    console.error(`[action ${config.name}] failed:`, safeError(error));
    if (ctx && config.kind !== "read") {
      await recordAudit({ actor: ctx.actor, action: config.name, result: "internal_error" });
    }
    return fail({ code: "internal_error", message: "Something went wrong on our side. Try again in a moment." });
  }
}

/** An id in a path: non-empty, bounded, no slashes. */
export const idSchema = z
  .string()
  .trim()
  .min(1, "Id is required")
  .max(128)
  .regex(/^[^/?#\s]+$/, "Not a valid id");
