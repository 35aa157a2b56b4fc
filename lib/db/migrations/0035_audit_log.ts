/**
 * The verifiable audit log (issue 47, decisions D22). `console_audit_log` holds each audit entry
 * once, at its place `seq` in an append-only Merkle log: the canonical JSON that was hashed, its
 * time as an integer (milliseconds, the precision hashed), and its RFC 6962 leaf hash. `seq` is
 * the primary key, so a second entry at a place is a constraint error, never a fork.
 * `console_audit_head` is the one serialized writer: an audit write takes the next place by
 * updating its single row in the entry's own transaction (the row lock orders writers, one lock
 * only, so no deadlock). `console_audit_checkpoints` keeps each signed checkpoint with the tree's
 * right edge, so the next one costs only the entries since. `console_audit_keys` keeps the
 * signing keys (the private seed sealed like the other secrets), old ones kept to verify old
 * checkpoints. The time index holds only entries that still have their text: a bundle reads
 * those, and retention, which drops old texts, never walks again over what it already dropped.
 * Raw SQL in lib/audit-log/store.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_audit_log (
  seq bigint PRIMARY KEY,
  audit_id text NOT NULL,
  at_ms bigint NOT NULL,
  entry text,
  leaf_hash bytea NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS console_audit_log_audit_idx ON console_audit_log (audit_id);
CREATE INDEX IF NOT EXISTS console_audit_log_at_idx ON console_audit_log (at_ms) WHERE entry IS NOT NULL;
CREATE TABLE IF NOT EXISTS console_audit_head (
  id integer PRIMARY KEY CHECK (id = 1),
  size bigint NOT NULL
);
INSERT INTO console_audit_head (id, size) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS console_audit_checkpoints (
  size bigint PRIMARY KEY,
  root bytea NOT NULL,
  frontier jsonb NOT NULL,
  note text NOT NULL,
  key_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  witnessed_at timestamptz,
  witness_error text
);
CREATE TABLE IF NOT EXISTS console_audit_keys (
  key_id text PRIMARY KEY,
  name text NOT NULL,
  public_key bytea NOT NULL,
  private_seed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
CREATE TABLE IF NOT EXISTS console_audit_exports (
  id text PRIMARY KEY,
  tree_size bigint NOT NULL,
  from_ms bigint NOT NULL,
  to_ms bigint NOT NULL,
  entries integer NOT NULL,
  by_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
