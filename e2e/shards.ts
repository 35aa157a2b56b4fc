/**
 * The journeys split into shards that run side by side, each against its own console and
 * database (issue 48): `npm test` starts two Playwright runs at once, with E2E_SHARD=1/2 and 2/2,
 * each on its own port and data directory. A journey file belongs to exactly one shard, and
 * within a shard files run one at a time in name order, as they did when there was one run.
 *
 * The split is made from how long each file took (seconds, a CI=true run of 28 Nov on this kind
 * of machine): the longest first, each to the shard with less so far. A new file counts as
 * DEFAULT_SECONDS until its time is written here.
 */
const SECONDS: Record<string, number> = {
  "every-route.spec.ts": 200,
  "settlement-requests.spec.ts": 84,
  "batches.spec.ts": 75,
  "finance-walkthrough.spec.ts": 71,
  "sandbox-clock.spec.ts": 61,
  "inbox.spec.ts": 59,
  "listen-cli.spec.ts": 57,
  "role-pages.spec.ts": 52,
  "approvals.spec.ts": 100,
  "database-outage.spec.ts": 46,
  "roles.spec.ts": 46,
  "actions-http.spec.ts": 42,
  "remote-journeys.spec.ts": 36,
  "payees.spec.ts": 32,
  "webhooks.spec.ts": 26,
  "auth.spec.ts": 26,
  "second-factor.spec.ts": 25,
  "money-controls.spec.ts": 70,
  "batch-results.spec.ts": 30,
  "security-review.spec.ts": 24,
  "production-confirmation.spec.ts": 24,
  "shell.spec.ts": 23,
  "dead-requests.spec.ts": 21,
  "remote-service.spec.ts": 18,
  "walkthrough-minors.spec.ts": 18,
  "sandbox.spec.ts": 17,
  "instances.spec.ts": 16,
  "disbursements.spec.ts": 12,
  "payments.spec.ts": 12,
  "poll-click.spec.ts": 11,
  "api-call.spec.ts": 11,
  "no-api-key-leak.spec.ts": 10,
  "v1-payments.spec.ts": 10,
  "batch-approvals.spec.ts": 9,
  "batch-dry-run.spec.ts": 20,
  "audit-log.spec.ts": 40,
  "reconciliation.spec.ts": 45,
  "rates.spec.ts": 9,
  "request-log.spec.ts": 5,
  "search-prefixes.spec.ts": 4,
  "api-reference.spec.ts": 3,
  "events.spec.ts": 3,
  "settings.spec.ts": 2,
};
const DEFAULT_SECONDS = 30;

/** `E2E_SHARD` ("1/2") as [index from 1, count], or null for one run of everything. */
export function parseShard(value: string | undefined): [number, number] | null {
  const m = /^(\d+)\/(\d+)$/.exec(value ?? "");
  if (!m) return null;
  const [index, count] = [Number(m[1]), Number(m[2])];
  return index >= 1 && index <= count ? [index, count] : null;
}

/** Each journey file's shard (1-based), for `files` (base names). */
export function assignShards(files: readonly string[], count: number): Map<string, number> {
  const weight = (file: string) => SECONDS[file] ?? DEFAULT_SECONDS;
  const load = Array.from({ length: count }, () => 0);
  const assigned = new Map<string, number>();
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = load.indexOf(Math.min(...load));
    assigned.set(file, lightest + 1);
    load[lightest] += weight(file);
  }
  return assigned;
}

/** A pattern matching exactly the given journey files (for Playwright's testMatch / testIgnore). */
export function filesPattern(files: readonly string[]): RegExp {
  if (files.length === 0) return /^$/;
  const escaped = files.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(^|/)(${escaped.join("|")})$`);
}
