/**
 * Rolling an endpoint's signing secret with an overlap (issue 63): the secret it had keeps
 * signing beside the new one until `previous_secret_expires_at`, so a receiver deploys the new
 * secret at its pace. Sealed at rest like the secret itself.
 */
export const sql = /* sql */ `
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS previous_secret text;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS previous_secret_expires_at timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS secret_rotated_at timestamptz;
`;
