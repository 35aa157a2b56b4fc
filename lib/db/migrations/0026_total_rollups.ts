/**
 * All-time running counts beside the daily ones (issue 29, decision D6.6a). A total with no start
 * date (every list's `pagination.total`, `include=totals` over everything) summed every day's
 * rollups: a year of history is ~7,000 rows of daily_rollups per source, ~10 ms on each list. It
 * now reads total_rollups, one row per status, kind, currency pair and shard, however old the
 * account; a range with only an end date reads the totals less the days after that end.
 *
 * A trigger on daily_rollups keeps them: whatever moves a day moves the total in the same
 * statement, so the two never disagree. rebuild_rollups() (the bulk seed's recount) rebuilds the
 * days with that trigger held off (a transaction-local setting), then the totals from the days.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS total_rollups (
  account_id text NOT NULL,
  environment text NOT NULL,
  source text NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  currency text NOT NULL,
  currency2 text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  amount numeric NOT NULL,
  amount2 numeric NOT NULL,
  PRIMARY KEY (account_id, environment, source, status, kind, currency, currency2, shard)
);

CREATE OR REPLACE FUNCTION total_rollup_add(r daily_rollups, dn bigint, da numeric, da2 numeric) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO total_rollups AS t (account_id, environment, source, status, kind, currency, currency2, shard, n, amount, amount2)
  VALUES (r.account_id, r.environment, r.source, r.status, r.kind, r.currency, r.currency2, r.shard, dn, da, da2)
  ON CONFLICT (account_id, environment, source, status, kind, currency, currency2, shard)
  DO UPDATE SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount, amount2 = t.amount2 + EXCLUDED.amount2;
END
$fn$;

CREATE OR REPLACE FUNCTION total_rollup() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('rollups.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE'
     AND (OLD.account_id, OLD.environment, OLD.source, OLD.status, OLD.kind, OLD.currency, OLD.currency2, OLD.shard)
       = (NEW.account_id, NEW.environment, NEW.source, NEW.status, NEW.kind, NEW.currency, NEW.currency2, NEW.shard) THEN
    PERFORM total_rollup_add(NEW, NEW.n - OLD.n, NEW.amount - OLD.amount, NEW.amount2 - OLD.amount2);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM total_rollup_add(OLD, -OLD.n, -OLD.amount, -OLD.amount2); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM total_rollup_add(NEW, NEW.n, NEW.amount, NEW.amount2); END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS daily_rollups_total ON daily_rollups;
CREATE TRIGGER daily_rollups_total AFTER INSERT OR UPDATE OR DELETE ON daily_rollups
  FOR EACH ROW EXECUTE FUNCTION total_rollup();

ALTER FUNCTION rebuild_rollups() RENAME TO rebuild_daily_rollups;

CREATE OR REPLACE FUNCTION rebuild_total_rollups() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM total_rollups;
  INSERT INTO total_rollups (account_id, environment, source, status, kind, currency, currency2, shard, n, amount, amount2)
  SELECT account_id, environment, source, status, kind, currency, currency2, shard, sum(n), sum(amount), sum(amount2)
    FROM daily_rollups GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END
$fn$;

CREATE OR REPLACE FUNCTION rebuild_rollups() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('rollups.rebuilding', 'on', true);
  PERFORM rebuild_daily_rollups();
  PERFORM set_config('rollups.rebuilding', 'off', true);
  PERFORM rebuild_total_rollups();
END
$fn$;

SELECT rebuild_total_rollups();
`;
