"use server";

import { controlled } from "@/lib/approvals/hold";
import { payeeAction } from "@/lib/approvals/own-actions";
import { readPayeeFile } from "@/lib/approvals/payee-csv";
import { addPayee, findPayeeByKey } from "@/lib/approvals/payees";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { consoleAction, refused } from "@/lib/actions/action";

/** Each new payee of a file, judged as adding it by hand would be (the payee entry's rules). */
const checkPayee = controlled({ payee: payeeAction }, (body: unknown) => ({
  action: "payee",
  call: { method: "POST", path: "console:payees", body },
}));

/** What an import did: payees saved, held for approval by a rule, or already in the book. */
export type PayeeImport = {
  saved: Array<{ line: number; name: string }>;
  held: Array<{ line: number; name: string }>;
  skipped: Array<{ line: number; name: string }>;
};

/**
 * Imports a payee file (issue 59): every row is checked first, as the form checks a payee; one bad
 * row imports nothing, and the refusal lists each problem by line and column. Then each new payee
 * goes through the approval rules like one added by hand (a rule may hold it), and one already in
 * the book is skipped. Each saved payee starts its own cooling-off period.
 */
export const importPayees = consoleAction({
  name: "importPayees",
  permission: "disbursement:create",
  input: z.object({
    file: z
      .string()
      .min(1, "Choose a CSV file")
      .max(1024 * 1024, "At most 1 MiB: split the file"),
  }),
  run: async ({ file }, { environment, actor }) => {
    const read = readPayeeFile(file);
    if (!read.ok) return refused("invalid_file", read.message, { file: read.message });
    const bad = read.rows.filter((r) => r.problems.length > 0);
    if (bad.length > 0) {
      const details = bad.flatMap((r) => r.problems.map((p) => `Line ${r.line}, ${p.column}: ${p.message}`));
      return refused(
        "invalid_rows",
        `${bad.length} of ${read.rows.length} ${read.rows.length === 1 ? "row has" : "rows have"} problems; nothing was imported. Fix them and import the file again.`,
        { file: details.join("\n") },
      );
    }
    const { db } = await getDatabase();
    const result: PayeeImport = { saved: [], held: [], skipped: [] };
    for (const row of read.rows) {
      const payee = row.payee;
      if (!payee || !row.key) continue;
      const entry = { line: row.line, name: payee.name };
      if (await findPayeeByKey(db, environment, row.key)) {
        result.skipped.push(entry);
        continue;
      }
      const verdict = await checkPayee(payee, { environment, actor, actionName: "importPayees" });
      if (verdict.kind === "held" || verdict.kind === "over_limit") {
        result.held.push(entry);
        continue;
      }
      if (verdict.kind === "refused") return refused(verdict.code, `Line ${row.line}: ${verdict.message}`);
      const saved = await addPayee(db, {
        environment,
        name: payee.name,
        kind: payee.kind,
        currency: payee.currency,
        chain: payee.chain ?? null,
        address: payee.address,
        destination: payee.destination ?? null,
        addedBy: actor.email,
      });
      (saved ? result.saved : result.skipped).push(entry);
    }
    return {
      ok: true,
      data: result,
      audit: {
        environment,
        detail: `${result.saved.length} saved, ${result.held.length} held for approval, ${result.skipped.length} already in the book`,
      },
    };
  },
});
