/**
 * An endpoint that keeps failing (issue 63, decisions D9.15): since when every attempt failed, its
 * last failure, when it was warned and when (and why) it was turned off; the endpoint's failure
 * policy (warn after, disable after: production endpoints disable after three days, sandbox ones
 * only when asked); and the sandbox's rehearsed outage (until when, and how it fails).
 */
export const sql = /* sql */ `
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS failing_since timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS last_failure_at timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS last_failure text;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS failing_warned_at timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS disabled_at timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS disabled_reason text;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS warn_after_seconds integer NOT NULL DEFAULT 86400;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS disable_after_seconds integer;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS outage_until timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS outage_mode text;
UPDATE webhook_endpoints SET disable_after_seconds = 259200
 WHERE environment = 'production' AND disable_after_seconds IS NULL;
`;
