/**
 * Every status list and every transition table of the product, in one folder (decisions D7,
 * D8, D10): settlement requests and their payments, disbursements, /v1 payments, webhooks. To
 * change a status rule, change it here; the service's use cases, the zod schemas of the API,
 * the database column types and the dashboard all read these lists and tables.
 *
 *   statuses.ts          request statuses (final, failure, summary groups), payment types and
 *                        statuses, failure codes, history causes
 *   client-moves.ts      PUT table: what a client may set, from where, with what effects
 *   plan-client-move.ts  planClientMove                       (cause "api")
 *   payment-effects.ts   what a payment change does to its request, planPaymentEffect (cause "payment")
 *   time-moves.ts        expiry, lateness, payout rail, planTimeMoves              (cause "scheduler")
 *   sandbox.ts           sandbox PATCH rules, planSandboxRequestMove  (cause "sandbox"; the only
 *                        way out of a final status)
 *   disbursements.ts     disbursement statuses, moves, rail steps, payment ↔ disbursement status
 *   v1-payments.ts       /v1 payment statuses, the /v1 table, notification window, clock moves
 *   webhooks.ts          webhook endpoint and delivery statuses
 *   amounts.ts           amount comparison of the mismatch rules (decimal.js)
 *
 * Pure and browser-safe: tables and functions, no I/O. A use case asks for a plan, guards on
 * its `kind`, then writes the change, its history row and its outbox event in one transaction.
 *
 * Server code imports from here. Browser code (the dashboard, lib/schemas) imports the file it
 * needs (statuses, client-moves, disbursements, v1-payments, webhooks): those do not load
 * decimal.js, which only the planners that compare amounts need.
 */

export * from "./statuses";
export * from "./client-moves";
export * from "./plan-client-move";
export * from "./payment-effects";
export * from "./time-moves";
export * from "./sandbox";
export * from "./disbursements";
export * from "./v1-payments";
export * from "./webhooks";
export * from "./amounts";
