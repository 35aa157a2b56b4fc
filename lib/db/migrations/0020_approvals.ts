/**
 * Money controls (issue 31): versioned approval rules, held submissions (the exact call, sent
 * once on the last approval) and their approvals. Drizzle definitions: lib/approvals/schema.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_approval_rules (
  id text NOT NULL,
  version integer NOT NULL,
  name text NOT NULL,
  enabled boolean NOT NULL,
  conditions jsonb NOT NULL,
  approvals_required integer NOT NULL CHECK (approvals_required IN (1, 2)),
  approver_roles text[] NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  current boolean NOT NULL DEFAULT true,
  PRIMARY KEY (id, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS console_approval_rules_current_idx ON console_approval_rules (id) WHERE current;
CREATE TABLE IF NOT EXISTS console_submissions (
  id text PRIMARY KEY,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  action text NOT NULL,
  action_name text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  idempotency_key text,
  body jsonb,
  facts jsonb NOT NULL,
  submitted_by text NOT NULL,
  submitted_by_email text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  rule_id text NOT NULL,
  rule_version integer NOT NULL,
  rule_name text NOT NULL,
  approvals_required integer NOT NULL,
  approver_roles text[] NOT NULL,
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'denied', 'expired', 'sending', 'sent', 'failed')),
  decided_at timestamptz,
  denied_by text,
  deny_reason text,
  sending_at timestamptz,
  response_status integer,
  response jsonb,
  result_id text
);
CREATE INDEX IF NOT EXISTS console_submissions_pending_idx ON console_submissions (submitted_at DESC) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS console_submissions_recent_idx ON console_submissions (submitted_at DESC);
CREATE INDEX IF NOT EXISTS console_submissions_submitter_idx ON console_submissions (submitted_by, submitted_at DESC);
CREATE TABLE IF NOT EXISTS console_submission_approvals (
  submission_id text NOT NULL REFERENCES console_submissions(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  email text NOT NULL,
  role text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (submission_id, user_id)
);
`;
