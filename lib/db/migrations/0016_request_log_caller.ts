/** The request log keeps the caller's User-Agent, so the console can tell its own calls (issue 35, finding 22). */
export const sql = /* sql */ `
ALTER TABLE request_logs ADD COLUMN IF NOT EXISTS user_agent text;
`;
