import { Link } from "@/components/ui/link";
import { batchReferencesOf } from "@/lib/batches/references";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";

/**
 * Where an object came from when a batch created it (issue 44): the batch, its row, and the
 * file's reference for it, which the API does not keep. Nothing for one created otherwise.
 */
export async function BatchTrail({ environment, resultId }: { environment: Environment; resultId: string }) {
  const { db } = await getDatabase();
  const found = (await batchReferencesOf(db, environment, [resultId])).get(resultId);
  if (!found) return null;
  return (
    <p
      data-testid="batch-trail"
      className="mb-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm break-words text-slate-700"
    >
      Sent by batch{" "}
      <Link
        href={`/batches/${encodeURIComponent(found.batchId)}`}
        className="font-medium text-accent-700 hover:underline"
      >
        {found.fileName}
      </Link>
      , row {found.rowNo}
      {found.reference ? (
        <>
          , reference <span className="font-mono font-medium text-slate-900">{found.reference}</span>
        </>
      ) : null}
      .
    </p>
  );
}
