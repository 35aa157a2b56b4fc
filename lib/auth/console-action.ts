import "server-only";
import type { z } from "zod";
import type { Environment } from "@/lib/schemas/catalog";
import type { ActionName } from "./action-permissions";
import type { ConsoleActionError, ConsoleActionResult } from "./action-result";
import { recordAudit } from "./audit";
import { observed } from "@/lib/ops/observe";
import { requireActionActor } from "./guard";
import type { Actor } from "./session";
import { unstable_rethrow } from "next/navigation";

/** What `run` returns: the result, and what the audit trail should say about it. */
export type Outcome<T> = ({ ok: true; data: T } | { ok: false; error: ConsoleActionError }) & {
  audit?: { targetId?: string | null; environment?: Environment | null; detail?: string };
};

export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The refusal of input that does not parse: one message, each field's first issue on the field. */
export function invalidInput(issues: readonly z.core.$ZodIssue[]): { ok: false; error: ConsoleActionError } {
  return { ok: false, error: { code: "invalid_input", message: "Check the highlighted fields.", fields: fieldErrors(issues) } };
}

/**
 * The console's own server actions (account and administration): the session and the role the
 * action declared in ACTION_PERMISSIONS first, then the input, then `run`; every call, refused
 * or not, lands in the audit trail. Unknown errors are logged and masked.
 */
type ConsoleActionConfig<S extends z.ZodType, T> = {
  name: ActionName;
  input: S;
  run: (input: z.output<S>, ctx: { actor: Actor }) => Promise<Outcome<T>>;
};

export function consoleAction<S extends z.ZodType, T>(config: ConsoleActionConfig<S, T>) {
  return (raw: z.input<S>): Promise<ConsoleActionResult<T>> =>
    observed(config.name, () => runConsoleAction(config, raw));
}

async function runConsoleAction<S extends z.ZodType, T>(
  config: ConsoleActionConfig<S, T>,
  raw: z.input<S>,
): Promise<ConsoleActionResult<T>> {
  const gate = await requireActionActor(config.name, null);
  if (!gate.ok) {
    await recordAudit({ actor: gate.actor, action: config.name, result: gate.error.code });
    return { ok: false, error: { code: gate.error.code, message: gate.error.message } };
  }
  const parsed = config.input.safeParse(raw);
  if (!parsed.success) {
    return invalidInput(parsed.error.issues);
  }
  try {
    const outcome = await config.run(parsed.data, { actor: gate.actor });
    await recordAudit({
      actor: gate.actor,
      action: config.name,
      targetId: outcome.audit?.targetId,
      environment: outcome.audit?.environment ?? null,
      detail: outcome.audit?.detail,
      result: outcome.ok ? "ok" : outcome.error.code,
    });
    return outcome.ok ? { ok: true, data: outcome.data } : { ok: false, error: outcome.error };
  } catch (error) {
    unstable_rethrow(error); // Next's own control flow passes through

    console.error(`[action ${config.name}] failed:`, error);
    await recordAudit({ actor: gate.actor, action: config.name, result: "internal_error" });
    return {
      ok: false,
      error: { code: "internal_error", message: "Something went wrong on our side. Try again in a moment." },
    };
  }
}
