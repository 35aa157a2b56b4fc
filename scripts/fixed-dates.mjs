/**
 * The suite's date-sensitive parts, run again with the machine's clock set to days that break
 * calendar code (issue 60, item 7), by Debian's `faketime` (libfaketime: every clock the process
 * reads, PGlite's included, starts at the given instant and runs on). `npm test` runs these files
 * once per day below after the main pass; a test that passes today and fails on one of them reads
 * the calendar date somewhere it should not (found this way: search's "recent requests" compared
 * the service's clock with the database's, and would have failed for real from 19 Feb 2027).
 */
export const FIXED_DATES = [
  "2027-03-01 00:30:00", // the 1st just after midnight UTC: still 28 Feb in the Americas
  "2028-02-29 23:50:00", // a leap day, late: already 1 Mar east of UTC
  "2026-03-08 07:30:00", // US daylight saving starts (New York skips 02:00)
  "2026-12-31 23:40:00", // the year's last evening
];

/** The files run at each date: what computes days, months, windows and "recent" from now. */
export const FIXED_DATE_FILES = [
  // the service's reads by date: ranges and their totals, "recent", the sandbox clock, statements, exports
  "lib/service/routes/events-and-request-log.test.ts",
  "lib/service/routes/sandbox-clock.test.ts",
  "lib/service/routes/search.test.ts",
  "lib/service/routes/summary.test.ts",
  "lib/service/routes/payments.range-totals.test.ts",
  "lib/service/routes/settlement-requests.range-totals.test.ts",
  "lib/service/routes/disbursements.list.test.ts",
  "lib/service/routes/balances.test.ts",
  "lib/service/routes/exports.test.ts",
  "lib/service/routes/webhooks.health.test.ts",
  "lib/service/routes/webhooks.rotation.test.ts",
  // the retry schedule, and the console's calendar: the merchant's day and month, reports, reconciliation
  "lib/service/outbox",
  "lib/dates",
  "lib/reports",
  "lib/reconciliation",
  "test/calendar-dates.test.ts",
];

/** Never under a false clock: npm's own lock files (openapi-typescript is fetched by npx) and the fuzzer's time budget. */
export const FIXED_DATE_EXCLUDES = ["**/*.pg.test.ts", "**/openapi.typescript.test.ts", "**/fuzz/**"];
