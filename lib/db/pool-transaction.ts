import "server-only";
import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { isDatabaseUnavailable } from "./availability";

type PoolClient = { release(error?: Error | boolean): void };
type ConnectingPool = { connect(): Promise<PoolClient> };
type SessionInternals = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (run: (tx: NodePgTransaction<never, never>) => Promise<unknown>, config?: unknown) => Promise<unknown>;
};

/**
 * drizzle's node-postgres transaction sends `begin` before its `try`: when the connection dies
 * right then (a restart, `pg_terminate_backend`), the pooled client is never released, the pool
 * shrinks by one for good, and `pool.end()` waits forever. After a few such losses every request
 * waits for a connection and the instance never recovers (issue 49). Its rollback, on a dead
 * connection, also throws over the error that caused it.
 *
 * This replaces the root session's `transaction` with the same steps, releasing the client
 * whatever happens (destroyed when its connection failed), and keeping the first error.
 * Nested transactions (savepoints) are drizzle's own, unchanged.
 */
export function releaseClientsOnFailure(db: unknown, pool: ConnectingPool): void {
  const session = (db as { session: SessionInternals }).session;
  session.transaction = async (run, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      const inner = new NodePgSession(client as never, session.dialect, session.schema, session.options);
      const tx = new NodePgTransaction(session.dialect, inner, session.schema);
      const settings = config
        ? (tx as unknown as { getTransactionConfigSQL(c: unknown): ReturnType<typeof sql> }).getTransactionConfigSQL(
            config,
          )
        : undefined;
      await tx.execute(sql`begin${settings ? sql` ${settings}` : undefined}`);
      try {
        const result = await run(tx as never);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch(() => undefined);
        throw error;
      }
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(failure !== undefined && isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
    }
  };
}
