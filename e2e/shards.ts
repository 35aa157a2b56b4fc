/**
 * The journeys split into shards that run side by side, each against its own console and
 * database (issue 48): `npm test` starts two Playwright runs at once, with E2E_SHARD=1/2 and 2/2,
 * each on its own port and data directory. A journey file belongs to exactly one shard, and
 * within a shard files run one at a time in name order, as they did when there was one run.
 *
 * The split is made from how long each file took (seconds, a CI=true run of 3 Dec on this kind
 * of machine, both shards at once): the longest first, each to the shard with less so far. A new file counts as
 * DEFAULT_SECONDS until its time is written here.
 */
const SECONDS: Record<string, number> = {
  "every-route.spec.ts": 928,
  "approvals.spec.ts": 288,
  "finance-walkthrough.spec.ts": 155,
  "webhooks.spec.ts": 152,
  "batches.spec.ts": 150,
  "reconciliation.spec.ts": 148,
  "second-factor.spec.ts": 132,
  "remote-journeys.spec.ts": 120,
  "actions-http.spec.ts": 102,
  "payees.spec.ts": 101,
  "roles.spec.ts": 97,
  "inbox.spec.ts": 95,
  "money-controls.spec.ts": 92,
  "settlement-requests.spec.ts": 85,
  "remote-service.spec.ts": 82,
  "notices.spec.ts": 105,
  "listen-cli.spec.ts": 68,
  "auth.spec.ts": 66,
  "role-pages.spec.ts": 64,
  "audit-log.spec.ts": 60,
  "sandbox-clock.spec.ts": 54,
  "sessions.spec.ts": 54,
  "batch-results.spec.ts": 53,
  "security-review.spec.ts": 52,
  "production-confirmation.spec.ts": 48,
  "shell.spec.ts": 47,
  "batch-dry-run.spec.ts": 47,
  "batch-approvals.spec.ts": 46,
  "walkthrough-minors.spec.ts": 46,
  "dead-requests.spec.ts": 45,
  "start-refusal.spec.ts": 31,
  "no-api-key-leak.spec.ts": 29,
  "webhook-outage-rehearsal.spec.ts": 28,
  "event-search.spec.ts": 27,
  "sandbox.spec.ts": 26,
  "api-reference.spec.ts": 26,
  "api-call.spec.ts": 25,
  "disbursements.spec.ts": 23,
  "scim.spec.ts": 20,
  "rates.spec.ts": 19,
  "instances.spec.ts": 18,
  "webhook-dead-letters.spec.ts": 18,
  "search-prefixes.spec.ts": 17,
  "webhook-secret-rotation.spec.ts": 16,
  "returns.spec.ts": 80,
  "payments.spec.ts": 15,
  "v1-payments.spec.ts": 15,
  "database-outage.spec.ts": 14,
  "poll-click.spec.ts": 10,
  "request-log.spec.ts": 9,
  "events.spec.ts": 8,
  "settings.spec.ts": 6,
};
const DEFAULT_SECONDS = 30;

/** `E2E_SHARD` ("1/2") as [index from 1, count], or null for one run of everything. */
export function parseShard(value: string | undefined): [number, number] | null {
  const m = /^(\d+)\/(\d+)$/.exec(value ?? "");
  if (!m) return null;
  const [index, count] = [Number(m[1]), Number(m[2])];
  return index >= 1 && index <= count ? [index, count] : null;
}

/**
 * The journeys that move the sandbox clock (it only moves forward, for the whole account). They
 * run against a console of their own (the "clock" project in playwright.config.ts: its own
 * database, so its own account and clock), and so in one shard together: a shard that has any of
 * them starts that console once. No other journey sees their clock.
 */
export const CLOCK_JOURNEYS: readonly string[] = [
  "reconciliation.spec.ts",
  "sandbox-clock.spec.ts",
  "webhook-secret-rotation.spec.ts",
  "webhook-dead-letters.spec.ts",
  "webhook-outage-rehearsal.spec.ts",
];

/** Each journey file's shard (1-based), for `files` (base names). The clock journeys go as one. */
export function assignShards(files: readonly string[], count: number): Map<string, number> {
  const weight = (file: string) => SECONDS[file] ?? DEFAULT_SECONDS;
  const clock = files.filter((f) => CLOCK_JOURNEYS.includes(f));
  const units: string[][] = [...files.filter((f) => !CLOCK_JOURNEYS.includes(f)).map((f) => [f])];
  if (clock.length > 0) units.push(clock);
  const unitWeight = (unit: string[]) => unit.reduce((sum, f) => sum + weight(f), 0);
  const load = Array.from({ length: count }, () => 0);
  const assigned = new Map<string, number>();
  for (const unit of units.sort((a, b) => unitWeight(b) - unitWeight(a) || a[0].localeCompare(b[0]))) {
    const lightest = load.indexOf(Math.min(...load));
    for (const file of unit) assigned.set(file, lightest + 1);
    load[lightest] += unitWeight(unit);
  }
  return assigned;
}

/** A pattern matching exactly the given journey files (for Playwright's testMatch / testIgnore). */
export function filesPattern(files: readonly string[]): RegExp {
  if (files.length === 0) return /^$/;
  const escaped = files.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(^|/)(${escaped.join("|")})$`);
}
