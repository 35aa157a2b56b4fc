import "server-only";
import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import type { BatchRow } from "@/lib/batches/store";
import type { Db } from "@/lib/db/database";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";
import type { Actor } from "@/lib/auth/session";
import { consoleAction, idSchema, type Outcome } from "@/lib/actions/action";

/**
 * An action on one batch (issue 60): `{ batchId }` in, the batch found in the page's environment
 * and checked against what its rows create (`batchFor`), refused with its id in the audit trail
 * when it is not there; then `run` with the batch and the database.
 */
export function batchAction<T>(config: {
  name: string;
  permission: "batches:manage";
  run: (
    batch: BatchRow,
    ctx: { environment: Environment; actor: Actor; db: Db; batchId: string },
  ) => Promise<Outcome<T>>;
}) {
  return consoleAction({
    name: config.name,
    permission: config.permission,
    input: z.object({ batchId: idSchema }),
    run: async ({ batchId }, { environment, actor }) => {
      const found = await batchFor(environment, actor, batchId);
      if (!found.ok) return { ...found, audit: { targetId: batchId } };
      const { db } = await getDatabase();
      return config.run(found.batch, { environment, actor, db, batchId });
    },
  });
}
