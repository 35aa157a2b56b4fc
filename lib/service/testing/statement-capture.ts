/**
 * What a piece of code asks PostgreSQL, and what those reads cost in rows (tests and benches):
 * `capture` records every statement sent through a node-postgres pool while `run` runs;
 * `rowsRead` replays the reads under EXPLAIN ANALYZE and adds up the rows each scan of a table
 * produced or filtered out.
 */

type PoolLike = { query: (...args: unknown[]) => Promise<unknown> };
export type Captured = { text: string; values: unknown[] };
type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

export async function capture(pool: PoolLike, run: () => Promise<void>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const query = pool.query;
  pool.query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push({
      text: typeof first === "string" ? first : first.text,
      values: second ?? (typeof first === "string" ? [] : first.values) ?? [],
    });
    return query.apply(pool, args);
  };
  try {
    await run();
  } finally {
    pool.query = query;
  }
  return seen;
}

/** Reads among the statements: what EXPLAIN ANALYZE may replay without changing anything. */
export const isRead = (c: Captured) =>
  /^\s*\(?\s*(select|with)\b/i.test(c.text) && !/\b(insert|update|delete)\b|\bfor update\b/i.test(c.text);

/** Rows the scans of `tables` touched (returned or filtered out, over every loop) when the reads run again. */
export async function rowsRead(pool: PoolLike, statements: Captured[], tables: RegExp): Promise<number> {
  let rows = 0;
  const walk = (node: PlanNode) => {
    if (node["Relation Name"] && tables.test(node["Relation Name"]) && /Scan/.test(node["Node Type"])) {
      const loops = node["Actual Loops"] ?? 1;
      rows +=
        ((node["Actual Rows"] ?? 0) +
          (node["Rows Removed by Filter"] ?? 0) +
          (node["Rows Removed by Index Recheck"] ?? 0)) *
        loops;
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const statement of statements.filter(isRead)) {
    const result = (await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values)) as {
      rows: Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>;
    };
    walk(result.rows[0]["QUERY PLAN"][0].Plan);
  }
  return rows;
}
