/**
 * Running counts and sums per account, environment and UTC day of creation (issue 29, decision
 * D6.6): the lists' totals, `include=totals` and the summary read these instead of every row.
 * Triggers write them in the transaction of the change that moves them (as the history row and
 * the outbox event are), so they never lag and are never wrong. The hot rows of one day are
 * spread over 4 shards so concurrent creates do not queue on one row lock.
 *
 * daily_rollups: every settlement request (status, payer and recipient currency and amount),
 *   payment (status, type, currency, amount), disbursement and /v1 payment (status, currency, amount).
 * settled_rollups: settled requests by day of completion (volume, fees), for the summary.
 * settle_time_rollups: how long settled requests took, in buckets exact to the second under 10
 *   minutes, 10 s under an hour, a minute under a day, an hour beyond.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS daily_rollups (
  account_id text NOT NULL,
  environment text NOT NULL,
  source text NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  currency text NOT NULL,
  currency2 text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  amount numeric NOT NULL,
  amount2 numeric NOT NULL,
  PRIMARY KEY (account_id, environment, source, day, status, kind, currency, currency2, shard)
);

CREATE TABLE IF NOT EXISTS settled_rollups (
  account_id text NOT NULL,
  environment text NOT NULL,
  day date NOT NULL,
  completed_day date NOT NULL,
  currency text NOT NULL,
  currency2 text NOT NULL,
  n bigint NOT NULL,
  amount2 numeric NOT NULL,
  fee numeric NOT NULL,
  PRIMARY KEY (account_id, environment, day, completed_day, currency, currency2)
);

CREATE TABLE IF NOT EXISTS settle_time_rollups (
  account_id text NOT NULL,
  environment text NOT NULL,
  day date NOT NULL,
  seconds integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (account_id, environment, day, seconds)
);

CREATE OR REPLACE FUNCTION settle_bucket(secs numeric) RETURNS integer LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    WHEN secs < 0 THEN 0
    WHEN secs < 600 THEN floor(secs)::integer
    WHEN secs < 3600 THEN (floor(secs / 10) * 10)::integer
    WHEN secs < 86400 THEN (floor(secs / 60) * 60)::integer
    ELSE LEAST(floor(secs / 3600) * 3600, 2147483647)::integer
  END
$fn$;

CREATE OR REPLACE FUNCTION rollup_settlement_request_row(r settlement_requests, sign integer) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  d date := (r.created_at AT TIME ZONE 'UTC')::date;
  cur text := COALESCE(r.payment_instructions->>'currency', '');
  cur2 text := COALESCE(r.payment_instructions->>'destination_currency', '');
BEGIN
  INSERT INTO daily_rollups AS t (account_id, environment, source, day, status, kind, currency, currency2, shard, n, amount, amount2)
  VALUES (r.account_id, r.environment, 'settlement_requests', d, r.status, '', cur, cur2, hashtext(r.id) & 3, sign,
          sign * COALESCE((r.payment_instructions->>'amount')::numeric, 0), sign * COALESCE((r.payment_instructions->>'destination_amount')::numeric, 0))
  ON CONFLICT (account_id, environment, source, day, status, kind, currency, currency2, shard)
  DO UPDATE SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount, amount2 = t.amount2 + EXCLUDED.amount2;
  IF r.status IN ('REQUEST_COMPLETED', 'SETTLEMENT_COMPLETED') AND r.completed_at IS NOT NULL THEN
    INSERT INTO settled_rollups AS t (account_id, environment, day, completed_day, currency, currency2, n, amount2, fee)
    VALUES (r.account_id, r.environment, d, (r.completed_at AT TIME ZONE 'UTC')::date, cur, cur2, sign,
            sign * COALESCE((r.payment_instructions->>'destination_amount')::numeric, 0),
            sign * COALESCE((r.payment_instructions->'fee'->>'total')::numeric, 0))
    ON CONFLICT (account_id, environment, day, completed_day, currency, currency2)
    DO UPDATE SET n = t.n + EXCLUDED.n, amount2 = t.amount2 + EXCLUDED.amount2, fee = t.fee + EXCLUDED.fee;
    INSERT INTO settle_time_rollups AS t (account_id, environment, day, seconds, n)
    VALUES (r.account_id, r.environment, d, settle_bucket(extract(epoch FROM r.completed_at - r.created_at)), sign)
    ON CONFLICT (account_id, environment, day, seconds) DO UPDATE SET n = t.n + EXCLUDED.n;
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION rollup_settlement_request() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM rollup_settlement_request_row(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM rollup_settlement_request_row(NEW, 1); END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION rollup_payment_row(r payments, sign integer) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO daily_rollups AS t (account_id, environment, source, day, status, kind, currency, currency2, shard, n, amount, amount2)
  VALUES (r.account_id, r.environment, 'payments', (r.created_at AT TIME ZONE 'UTC')::date, r.status, r.type, r.currency, '',
          hashtext(r.id) & 3, sign, sign * r.amount, 0)
  ON CONFLICT (account_id, environment, source, day, status, kind, currency, currency2, shard)
  DO UPDATE SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount;
END
$fn$;

CREATE OR REPLACE FUNCTION rollup_payment() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM rollup_payment_row(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM rollup_payment_row(NEW, 1); END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION rollup_owned_row(r jsonb, from_table text, sign integer) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO daily_rollups AS t (account_id, environment, source, day, status, kind, currency, currency2, shard, n, amount, amount2)
  VALUES (r->>'account_id', r->>'environment', from_table, ((r->>'created_at')::timestamptz AT TIME ZONE 'UTC')::date, r->>'status', '',
          COALESCE(r->>'currency', r->>'currency_code', ''), '', hashtext(r->>'id') & 3, sign, sign * (r->>'amount')::numeric, 0)
  ON CONFLICT (account_id, environment, source, day, status, kind, currency, currency2, shard)
  DO UPDATE SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount;
END
$fn$;

CREATE OR REPLACE FUNCTION rollup_owned() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM rollup_owned_row(to_jsonb(OLD), TG_TABLE_NAME, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM rollup_owned_row(to_jsonb(NEW), TG_TABLE_NAME, 1); END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS disbursements_rollup_insert ON disbursements;
CREATE TRIGGER disbursements_rollup_insert AFTER INSERT OR DELETE ON disbursements FOR EACH ROW EXECUTE FUNCTION rollup_owned();
DROP TRIGGER IF EXISTS disbursements_rollup_update ON disbursements;
CREATE TRIGGER disbursements_rollup_update AFTER UPDATE ON disbursements
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount) EXECUTE FUNCTION rollup_owned();
DROP TRIGGER IF EXISTS v1_payments_rollup_insert ON v1_payments;
CREATE TRIGGER v1_payments_rollup_insert AFTER INSERT OR DELETE ON v1_payments FOR EACH ROW EXECUTE FUNCTION rollup_owned();
DROP TRIGGER IF EXISTS v1_payments_rollup_update ON v1_payments;
CREATE TRIGGER v1_payments_rollup_update AFTER UPDATE ON v1_payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount) EXECUTE FUNCTION rollup_owned();

DROP TRIGGER IF EXISTS settlement_requests_rollup_insert ON settlement_requests;
CREATE TRIGGER settlement_requests_rollup_insert AFTER INSERT OR DELETE ON settlement_requests
  FOR EACH ROW EXECUTE FUNCTION rollup_settlement_request();
DROP TRIGGER IF EXISTS settlement_requests_rollup_update ON settlement_requests;
CREATE TRIGGER settlement_requests_rollup_update AFTER UPDATE ON settlement_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
                     OR OLD.payment_instructions IS DISTINCT FROM NEW.payment_instructions OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION rollup_settlement_request();
DROP TRIGGER IF EXISTS payments_rollup_insert ON payments;
CREATE TRIGGER payments_rollup_insert AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION rollup_payment();
DROP TRIGGER IF EXISTS payments_rollup_update ON payments;
CREATE TRIGGER payments_rollup_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount
                     OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION rollup_payment();

CREATE OR REPLACE FUNCTION rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  -- Every rollup recounted from the rows (the migration's backfill; a bulk import without triggers).
  DELETE FROM daily_rollups;
  DELETE FROM settled_rollups;
  DELETE FROM settle_time_rollups;
  INSERT INTO daily_rollups (account_id, environment, source, day, status, kind, currency, currency2, shard, n, amount, amount2)
  SELECT account_id, environment, 'settlement_requests', (created_at AT TIME ZONE 'UTC')::date, status, '',
         COALESCE(payment_instructions->>'currency', ''), COALESCE(payment_instructions->>'destination_currency', ''), hashtext(id) & 3,
         count(*), COALESCE(sum((payment_instructions->>'amount')::numeric), 0), COALESCE(sum((payment_instructions->>'destination_amount')::numeric), 0)
    FROM settlement_requests GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

  INSERT INTO daily_rollups (account_id, environment, source, day, status, kind, currency, currency2, shard, n, amount, amount2)
  SELECT account_id, environment, 'payments', (created_at AT TIME ZONE 'UTC')::date, status, type, currency, '', hashtext(id) & 3,
         count(*), sum(amount), 0
    FROM payments GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

  INSERT INTO daily_rollups (account_id, environment, source, day, status, kind, currency, currency2, shard, n, amount, amount2)
  SELECT account_id, environment, 'disbursements', (created_at AT TIME ZONE 'UTC')::date, status, '', currency, '', hashtext(id) & 3, count(*), sum(amount), 0
    FROM disbursements GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

  INSERT INTO daily_rollups (account_id, environment, source, day, status, kind, currency, currency2, shard, n, amount, amount2)
  SELECT account_id, environment, 'v1_payments', (created_at AT TIME ZONE 'UTC')::date, status, '', currency_code, '', hashtext(id) & 3, count(*), sum(amount), 0
    FROM v1_payments GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

  INSERT INTO settled_rollups (account_id, environment, day, completed_day, currency, currency2, n, amount2, fee)
  SELECT account_id, environment, (created_at AT TIME ZONE 'UTC')::date, (completed_at AT TIME ZONE 'UTC')::date,
         COALESCE(payment_instructions->>'currency', ''), COALESCE(payment_instructions->>'destination_currency', ''), count(*),
         COALESCE(sum((payment_instructions->>'destination_amount')::numeric), 0), COALESCE(sum((payment_instructions->'fee'->>'total')::numeric), 0)
    FROM settlement_requests WHERE status IN ('REQUEST_COMPLETED', 'SETTLEMENT_COMPLETED') AND completed_at IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6;

  INSERT INTO settle_time_rollups (account_id, environment, day, seconds, n)
  SELECT account_id, environment, (created_at AT TIME ZONE 'UTC')::date, settle_bucket(extract(epoch FROM completed_at - created_at)), count(*)
    FROM settlement_requests WHERE status IN ('REQUEST_COMPLETED', 'SETTLEMENT_COMPLETED') AND completed_at IS NOT NULL
   GROUP BY 1, 2, 3, 4;
END
$fn$;

SELECT rebuild_rollups();

CREATE INDEX IF NOT EXISTS settlement_requests_status_list_idx ON settlement_requests (account_id, environment, status, created_at, id);
CREATE INDEX IF NOT EXISTS payments_status_list_idx ON payments (account_id, environment, status, created_at, id);
CREATE INDEX IF NOT EXISTS payments_type_list_idx ON payments (account_id, environment, type, created_at, id);
CREATE INDEX IF NOT EXISTS disbursements_status_list_idx ON disbursements (account_id, environment, status, created_at, id);
CREATE INDEX IF NOT EXISTS disbursements_currency_list_idx ON disbursements (account_id, environment, currency, created_at, id);
CREATE INDEX IF NOT EXISTS v1_payments_status_list_idx ON v1_payments (account_id, environment, status, created_at, id);
CREATE INDEX IF NOT EXISTS payments_request_list_idx ON payments (settlement_request_id, created_at, id) WHERE settlement_request_id IS NOT NULL;

CREATE INDEX IF NOT EXISTS settlement_requests_expiry_due_idx ON settlement_requests (valid_until) WHERE status = 'REQUEST_STARTED';
CREATE INDEX IF NOT EXISTS settlement_requests_reconciliation_due_idx ON settlement_requests (reconciliation_expected_at) WHERE status = 'FUNDS_SENT';
CREATE INDEX IF NOT EXISTS payments_payout_due_idx ON payments (status, status_changed_at) WHERE type = 'PAYOUT' AND status IN ('PROCESSING', 'SENT');
CREATE INDEX IF NOT EXISTS disbursements_step_due_idx ON disbursements (next_step_at) WHERE next_step_at IS NOT NULL;
`;
