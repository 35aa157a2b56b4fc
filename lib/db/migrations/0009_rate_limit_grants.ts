/**
 * Rate-limit windows are claimed in grants (see lib/service/rate-limiter.ts): `count` is every
 * slot handed out in the window by all instances, `last_grant` how many the latest claim got.
 */
export const sql = /* sql */ `
ALTER TABLE rate_limit_windows ADD COLUMN IF NOT EXISTS last_grant integer NOT NULL DEFAULT 0;
`;
