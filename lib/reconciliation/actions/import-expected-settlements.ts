"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { expectedOf } from "@/lib/reconciliation/expected-input";
import { readExpectedCsv } from "@/lib/reconciliation/import-csv";
import { MAX_IMPORT_BYTES, MAX_IMPORT_SIZE_LABEL } from "@/lib/reconciliation/import-limits";
import { insertExpected } from "@/lib/reconciliation/expected-store";
import { lateNotices } from "@/lib/reconciliation/late-notices";
import { consoleAction } from "@/lib/actions/action";
import { fail } from "@/lib/auth/authorize";

/** Imports expected settlements from CSV: every row checked first, and one bad row imports nothing (each problem named by line and column). */
export const importExpectedSettlements = consoleAction({
  name: "importExpectedSettlements",
  permission: "reconciliation:run",
  input: z.object({
    csv: z
      .string()
      .min(1, "Choose a CSV file")
      .max(MAX_IMPORT_BYTES, `At most ${MAX_IMPORT_SIZE_LABEL} in one file: split the month into several files`),
  }),
  run: async ({ csv }, { environment, actor }) => {
    const read = readExpectedCsv(csv);
    if (!read.ok)
      return fail({
        code: "invalid_file",
        message: `Nothing was imported: ${read.problems.length} problem${read.problems.length === 1 ? "" : "s"} in the file.`,
        status: 400,
        details: read.problems.map((p) => ({
          path: "csv",
          message: `Line ${p.line}${p.column ? `, ${p.column}` : ""}: ${p.message}`,
        })),
      });
    const { db } = await getDatabase();
    const { ids, late } = await insertExpected(
      db,
      environment,
      read.rows.map((v) => expectedOf(v, "csv")),
      actor.email,
    );
    return {
      ok: true,
      // Rows of a month closed for their currency: recorded in the next open month, each named with its lock.
      data: { imported: ids.length, late: lateNotices(late) },
      audit: {
        environment,
        detail: `${ids.length} expected settlements from CSV${late.length > 0 ? `, ${late.length} of closed months recorded in the next open one` : ""}`,
      },
    };
  },
});
