import "server-only";
import { unstable_rethrow } from "next/navigation";
import { z } from "@/lib/schemas/zod";
import { auditAction, gateAction } from "@/lib/auth/action-gate";
import type { Actor } from "@/lib/auth/session";
import { observed } from "@/lib/ops/observe";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";
import { environmentSchema, type Environment } from "@/lib/dashboard/environment-schema";
import { zodIssuesToDetails, validationMessage } from "@/lib/schemas/error";
import type { ApiFailure, ApiResult } from "@/lib/settlement-api";
import type { ActionError, ActionMeta, ActionResult } from "./result";

export type ActionContext = {
  /** The environment this call goes to (from the console_env cookie). */
  environment: Environment;
  /** Who is calling: signed in, with a role allowed to run this action here. */
  actor: Actor;
};

type ActionConfig<S extends z.ZodType, T> = {
  /** For logs: the verb-noun name of the action. */
  name: string;
  input: S;
  /** Mutations must name the environment they were rendered for; production ones must be confirmed. */
  kind: "read" | "mutation";
  /** Refused outside sandbox before calling the API. */
  sandboxOnly?: boolean;
  run: (input: z.output<S>, ctx: ActionContext & { raw: z.input<S> }) => Promise<ApiResult<T>>;
};

const metaSchema = z
  .object({ environment: environmentSchema.optional(), confirmProduction: z.boolean().optional() })
  .optional();

const fail = (
  error: Omit<ActionError, "details"> & { details?: ActionError["details"] },
): { ok: false; error: ActionError } => ({
  ok: false,
  error: { details: [], ...error },
});

/** API failures → the browser-safe error (API messages are ours; unknown errors never get here). */
export function toActionError(failure: ApiFailure): ActionError {
  switch (failure.kind) {
    case "api":
      return {
        code: failure.code,
        message: failure.message,
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
 * Who may call, and against which environment. Shared by every action and by the route
 * handlers (CSV export), so the check lives in one place.
 */
export async function authorize(
  kind: "read" | "mutation",
  meta: ActionMeta | undefined,
  options: { sandboxOnly?: boolean; action?: string } = {},
): Promise<{ ok: true; ctx: ActionContext } | { ok: false; error: ActionError }> {
  const environment = await getEnvironment();
  // Session, role and the production rule, for this action's declared permission (lib/auth).
  const gate = await gateAction({ action: options.action, kind, environment });
  if (!gate.ok) return fail(gate.error);
  if (kind === "mutation") {
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
  if (options.sandboxOnly && environment !== "sandbox") {
    return fail({ code: "sandbox_only", message: "This exists only in the sandbox environment.", status: 403 });
  }
  return { ok: true, ctx: { environment, actor: gate.actor } };
}

/**
 * Builds a server action (STYLE §3). Every action is a public POST endpoint: the input is
 * parsed with zod, the caller is authorized, the API's answer becomes a discriminated result,
 * and an unknown error is logged and masked.
 */
export function action<S extends z.ZodType, T>(config: ActionConfig<S, T>) {
  return (input: z.input<S>, meta?: ActionMeta): Promise<ActionResult<T>> =>
    observed(config.name, () => runAction(config, input, meta));
}

async function runAction<S extends z.ZodType, T>(
  config: ActionConfig<S, T>,
  input: z.input<S>,
  meta: ActionMeta | undefined,
): Promise<ActionResult<T>> {
  try {
    const parsedMeta = metaSchema.safeParse(meta);
    if (!parsedMeta.success) return fail({ code: "invalid_input", message: "Invalid call.", status: 400 });
    const auth = await authorize(config.kind, parsedMeta.data, {
      sandboxOnly: config.sandboxOnly,
      action: config.name,
    });
    if (!auth.ok) return auth;

    const parsed = config.input.safeParse(input);
    if (!parsed.success) {
      const details = zodIssuesToDetails(parsed.error.issues);
      return fail({ code: "invalid_input", message: validationMessage(details), status: 400, details });
    }
    const result = await config.run(parsed.data, { ...auth.ctx, raw: input });
    const final: ActionResult<T> = result.ok
      ? { ok: true, data: result.data, replayed: result.replayed || undefined }
      : { ok: false, error: toActionError(result.error) };
    if (config.kind === "mutation") {
      await auditAction({
        name: config.name,
        actor: auth.ctx.actor,
        environment: auth.ctx.environment,
        input: parsed.data,
        result: final,
      });
    }
    return final;
  } catch (error) {
    // Next's own control flow (redirect, notFound, dynamic rendering bail-outs) passes through.
    unstable_rethrow(error);
    console.error(`[action ${config.name}] failed:`, error);
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
