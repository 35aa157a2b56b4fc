/**
 * The Request log page hides the console's own calls unless asked (issue 35, finding 22): its
 * list says `user_agent_not=settlement-console/`. Without an index that knew, its page and its
 * capped count read entries until 10,000 of the others were found, the heap of each (issue 29,
 * decision D11.10). This partial index holds only the others, in time order, so the page is
 * its first rows and the count reads the index alone. The planner proves a query's condition
 * matches the index's only when it is written the same way: store/request-logs.ts writes it so.
 */
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS request_logs_others_idx ON request_logs (owner, at)
  WHERE user_agent IS NULL OR user_agent NOT LIKE 'settlement-console/%';
`;
