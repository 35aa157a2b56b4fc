/**
 * Validates the builder with settlementRequestCreateSchema, the schema the service uses, so a
 * bad IBAN, routing number, CLABE, NUBAN or wallet address fails here with the service's own
 * message on its field. Wire paths are the form's field names, except metadata, whose issues
 * ("metadata.<key>") land on the editor's rows. The schema (and zod, the validators and
 * ibantools with it) is loaded on the first validation, not with the page: a smaller first load.
 */
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver, ResolverResult } from "react-hook-form";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import { namedMessage } from "@/lib/schemas/field-label";
import { toCreateBody, type BuilderValues, type MetadataRow } from "./builder-values";
import { METADATA_MAX_KEYS } from "./metadata-limits";

export type BuilderOutput = { body: SettlementRequestCreateInput };

/** Maps a wire path to the form's field name (metadata keys → their row). */
export function formPathFor(path: string, rows: MetadataRow[]): string {
  if (path === "metadata") return "metadata_rows.root";
  if (path.startsWith("metadata.")) {
    const key = path.slice("metadata.".length);
    const index = rows.findIndex((r) => r.key === key);
    return index >= 0 ? `metadata_rows.${index}.value` : "metadata_rows.root";
  }
  return path;
}

function rowProblems(rows: MetadataRow[]): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    if (row.key === "" && row.value !== "")
      errors[`metadata_rows.${i}.key`] = { type: "required", message: "Key required" };
    if (row.key !== "" && seen.has(row.key))
      errors[`metadata_rows.${i}.key`] = { type: "duplicate", message: "Duplicate key" };
    seen.set(row.key, i);
  });
  if (rows.length > METADATA_MAX_KEYS) {
    errors["metadata_rows.root"] = { type: "max", message: `At most ${METADATA_MAX_KEYS} keys` };
  }
  return errors;
}

type SchemaModules = [
  typeof import("@/lib/schemas/settlement-request"),
  typeof import("@/lib/schemas/error"),
  typeof import("@/lib/validators/nuban"),
];

/** The schema's modules, loaded once (and started early by `preloadBuilderSchema`). */
let schemaModules: Promise<SchemaModules> | null = null;
function loadSchema(): Promise<SchemaModules> {
  schemaModules ??= Promise.all([
    import("@/lib/schemas/settlement-request"),
    import("@/lib/schemas/error"),
    import("@/lib/validators/nuban"),
  ]).catch((error: unknown) => {
    schemaModules = null; // a failed chunk load (network) is retried on the next validation
    throw error;
  });
  return schemaModules;
}

/** Starts loading the schema before the first validation needs it (on the form's first focus). */
export function preloadBuilderSchema(): void {
  void loadSchema().catch(() => {});
}

/** Checks between two destination fields, on their own (the form's names → a message for a person). */
export function crossFieldProblems(
  values: BuilderValues,
  nuban: Pick<SchemaModules[2], "isValidNgnBankCode" | "isValidNuban">,
): Record<string, string> {
  const { isValidNgnBankCode, isValidNuban } = nuban;
  const d = values.destination;
  const problems: Record<string, string> = {};
  if (
    d.currency === "NGN" &&
    /^\d{10}$/.test(d.account_number) &&
    isValidNgnBankCode(d.bank_code) &&
    !isValidNuban(d.account_number, d.bank_code)
  ) {
    problems["destination.account_number"] =
      `Account number is not a NUBAN of bank ${d.bank_code}: its check digit does not match. Check both numbers.`;
  }
  return problems;
}

export const builderResolver: Resolver<BuilderValues, unknown, BuilderOutput> = async (
  values,
  _context,
  options,
): Promise<ResolverResult<BuilderValues, BuilderOutput>> => {
  const body = toCreateBody(values);
  const flat: Record<string, FieldError> = rowProblems(values.metadata_rows);
  const [{ settlementRequestCreateSchema, checkReconciliationOverride }, { issuePath }, nuban] = await loadSchema();
  const parsed = settlementRequestCreateSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const wire = issuePath(issue.path);
      // A metadata key's own problem belongs on the key input.
      let name = formPathFor(wire, values.metadata_rows);
      if (name.endsWith(".value") && issue.message.startsWith("Key ")) name = name.replace(/\.value$/, ".key");
      flat[name || "root.body"] ??= { type: issue.code, message: namedMessage(wire, issue.message) };
    }
    // zod skips an object's own checks while any of its fields is wrong, so a check that ties two
    // fields (NUBAN and bank code) would wait for the whole form: run it as soon as both are there.
    for (const [name, message] of Object.entries(crossFieldProblems(values, nuban)))
      flat[name] ??= { type: "cross-field", message };
  } else if (body.reconciliation_expected_at) {
    const problem = checkReconciliationOverride(body.reconciliation_expected_at, new Date());
    if (problem) flat.reconciliation_expected_at = { type: "range", message: problem };
  }
  if (Object.keys(flat).length > 0) return { values: {}, errors: toNestErrors(flat, options) };
  return { values: { body }, errors: {} };
};
