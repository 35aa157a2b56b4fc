import "server-only";
import type { z } from "@/lib/schemas/zod";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { DestinationId } from "@/lib/schemas/destination-id";
import type { ApiCall } from "@/lib/dashboard/api-calls";
import type { ControlledAction, SubmissionFacts } from "./rules";
import { finishSending, type SubmissionRow } from "./store";
import type { ActionFacts } from "./facts";

/**
 * Controlled actions as one typed table (issue 45, decisions D23.1). Each entry lives beside its
 * feature and says, for its action: the body schema of the call it holds, the facts a rule
 * judges, the account it pays (one destination identity), and how the approved call is sent.
 * The table is assembled in lib/instance/controlled-actions.ts and handed to the approval
 * functions, so lib/approvals imports no feature. `ControlledActionTable` is a record over
 * `ControlledAction`: a new controlled action does not compile until its entry has every part.
 */

/** What an entry says of a call; the table adds the environment, the action and whether the payee is saved. */
export type { ActionFacts };

/** Where the call goes, and in which environment. */
export type CallContext = Pick<ApiCall, "method" | "path"> & { environment: Environment };

/** How a sent call ended, as the submission records it. */
export type SendOutcome = Parameters<typeof finishSending>[2];

export type ControlledActionEntry<Body> = {
  /** The stored call's body as the action's own schema reads it (its input: what is sent). */
  body: z.ZodType;
  /** What a rule judges of the call: amount and currency, the kind of destination, one line for lists. */
  facts: (body: Body, call: CallContext) => ActionFacts;
  /** The account the call pays, if it pays one (lib/schemas/destination-id.ts). */
  destination: (body: Body) => DestinationId | null;
  /** Sends the approved call as stored (its Idempotency-Key included) and says how it ended. */
  send: (db: Executor, row: SubmissionRow, body: Body) => Promise<SendOutcome>;
};

/** Builds one entry: its other parts are checked against its schema's input type. */
export const controlledAction = <S extends z.ZodType>(
  entry: { body: S } & Omit<ControlledActionEntry<z.input<S>>, "body">,
): ControlledActionEntry<z.input<S>> => entry;

// biome-ignore lint/suspicious/noExplicitAny: each entry is typed against its own body by controlledAction(); the table only dispatches by action.
type AnyEntry = ControlledActionEntry<any>;

/** One entry per controlled action. A partial table, or an entry missing a part, is a type error. */
export type ControlledActionTable<A extends string = ControlledAction> = { readonly [K in A]: AnyEntry };

/**
 * One controlled action whose calls are held under different console paths, each read by its own
 * entry (a reconciliation write-off, and a payin's shortfall accepted on Returns: the same rules
 * judge both): the entry named by the call's path, else `otherwise`.
 */
export function byPath(paths: Readonly<Record<string, AnyEntry>>, otherwise: AnyEntry): AnyEntry {
  const all = [...Object.values(paths), otherwise];
  const entryOf = (path: string) => paths[path] ?? otherwise;
  // Without a path (destination), the first entry whose schema reads the body.
  const reading = (body: unknown) => all.find((e) => e.body.safeParse(body).success) ?? otherwise;
  return {
    body: { safeParse: (body: unknown) => reading(body).body.safeParse(body) } as z.ZodType,
    facts: (body, call) => entryOf(call.path).facts(body, call),
    destination: (body) => reading(body).destination(body),
    send: (db, row, body) => entryOf(row.path).send(db, row, body),
  };
}

/** The body of a call as its entry's schema accepts it, or null (a call that no longer parses). */
function bodyOf(entry: AnyEntry, body: unknown): { body: unknown } | null {
  return entry.body.safeParse(body).success ? { body } : null;
}

/** Whether the call's body reads as its action's (a call the controls cannot read is refused, never waved through). */
export function readsAsEntry(table: ControlledActionTable, action: ControlledAction, body: unknown): boolean {
  return bodyOf(table[action], body ?? {}) !== null;
}

/** The facts of a controlled call, read by its entry. A body its schema refuses has no amount: it is labelled by its path. */
export function factsOfCall(
  table: ControlledActionTable,
  environment: Environment,
  action: ControlledAction,
  call: Pick<ApiCall, "method" | "path" | "body">,
): SubmissionFacts {
  const entry = table[action];
  const parsed = bodyOf(entry, call.body ?? {});
  const facts: ActionFacts = parsed
    ? entry.facts(parsed.body, { method: call.method, path: call.path, environment })
    : { currency: null, amount: null, destinationType: null, label: `${call.method} ${call.path}` };
  return { environment, action, knownDestination: null, ...facts };
}

/** The account a controlled call pays (the same identity the payee book, cooling-off and batches use). */
export function destinationOfCall(
  table: ControlledActionTable,
  action: ControlledAction,
  body: unknown,
): DestinationId | null {
  const entry = table[action];
  const parsed = bodyOf(entry, body ?? {});
  return parsed ? entry.destination(parsed.body) : null;
}

/** Sends an approved submission through its action's entry and records how it ended. */
export async function sendByTable(table: ControlledActionTable, db: Executor, row: SubmissionRow): Promise<void> {
  const entry = table[row.action];
  const parsed = bodyOf(entry, row.body ?? {});
  const outcome: SendOutcome = parsed
    ? await entry.send(db, row, parsed.body)
    : {
        status: "failed",
        responseStatus: null,
        response: {
          error: { code: "invalid_body", message: "The stored call no longer reads as this action's body." },
        },
        resultId: null,
      };
  await finishSending(db, row.id, outcome);
}
