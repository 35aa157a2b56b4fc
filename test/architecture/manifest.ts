/**
 * The project's manifest (issue 60, decisions D23.x): every room (a folder of lib/ or components/,
 * or a top-level entry), the floor it stands on, and what it may use. A room uses any room on a
 * lower floor; a room on its own floor only when it names it (`uses`), so features stay apart;
 * `only` narrows a room to exactly the rooms it names; `never` forbids rooms whatever the floor.
 * An import that breaks these is named in `ACCEPTED_UPWARD` with why, or the manifest test fails
 * naming the file, its line and the import. A new feature is one line here.
 */
export type RoomRule = {
  /** Rooms of the same floor it may use. */
  uses?: readonly string[];
  /** When given, the only rooms it may use (its floor's and lower ones' included). */
  only?: readonly string[];
  /** Rooms it may never use, whatever their floor. */
  never?: readonly string[];
};

/** Floors, bottom first; each maps its rooms to their rules. */
export const FLOORS: ReadonlyArray<{ name: string; rooms: Readonly<Record<string, RoomRule>> }> = [
  {
    name: "foundation: pure, browser-safe rules and values",
    rooms: {
      "lib/async": { only: [] },
      "lib/random": { only: [] },
      "lib/observability": { only: [] },
      "lib/env.ts": { uses: ["lib/schemas"] },
      "lib/schemas": { uses: ["lib/validators", "lib/state-machine"] },
      "lib/validators": { uses: ["lib/schemas"] },
      "lib/state-machine": { uses: ["lib/schemas"] },
      "lib/money": { uses: ["lib/schemas"] },
      "lib/dates": {},
      "lib/csv": {},
    },
  },
  {
    name: "infrastructure: storage, HTTP, crypto, the browser's helpers",
    rooms: {
      "lib/db": { only: ["lib/env.ts", "lib/observability", "lib/async"] },
      "lib/http": {},
      "lib/crypto": { uses: ["lib/db"] },
      "lib/ui": { only: [] },
      "lib/dashboard": { uses: ["lib/http"], never: ["lib/db"] },
      "lib/webhooks": { uses: ["lib/http", "lib/crypto"] },
    },
  },
  {
    name: "the embedded service (knows nothing of the console)",
    rooms: { "lib/service": { never: ["lib/dashboard", "lib/ui"] } },
  },
  {
    name: "platform: the service's client, people, live updates, the audit trail, webhooks",
    rooms: {
      "lib/settlement-api": { uses: ["lib/auth"] },
      // The actions' wrapper (issue 60): every feature's actions are built with it; it knows no feature.
      "lib/actions": { uses: ["lib/auth", "lib/settlement-api"] },
      "lib/auth": { uses: ["lib/audit-log"] },
      "lib/audit-log": {},
      "lib/live": { uses: ["lib/auth", "lib/settlement-api"] },
      "lib/inbox": { uses: ["lib/actions", "lib/auth", "lib/live", "lib/settlement-api"] },
      "lib/listen": { uses: ["lib/actions", "lib/auth", "lib/inbox", "lib/live", "lib/settlement-api"] },
      "lib/pay": { uses: ["lib/actions", "lib/settlement-api", "lib/auth"] },
      // Notices that reach people (issue 64): an outbox mailed through SMTP; the features queue them.
      "lib/notices": { uses: ["lib/actions", "lib/auth"] },
      "lib/cli": { uses: ["lib/audit-log", "lib/listen"] },
    },
  },
  {
    name: "features",
    rooms: {
      // Runway per currency (issue 64): the floor the approval checks and batches hold by.
      "lib/runway": {},
      "lib/approvals": { uses: ["lib/runway"] },
      "lib/disbursements": { uses: ["lib/approvals"] },
      "lib/settlement-requests": { uses: ["lib/approvals"] },
      "lib/v1-payments": { uses: ["lib/approvals"] },
      "lib/api-keys": { uses: ["lib/approvals"] },
      "lib/webhook-endpoints": { uses: ["lib/approvals"] },
      "lib/batches": { uses: ["lib/approvals", "lib/disbursements", "lib/runway"] },
      // Money returned to payers (issue 64): a return is a disbursement under the payout controls.
      "lib/returns": { uses: ["lib/approvals", "lib/disbursements"] },
      "lib/reconciliation": { uses: ["lib/approvals", "lib/returns"] },
      "lib/reports": { uses: ["lib/approvals", "lib/reconciliation"] },
      // Features of their actions alone (issue 60: each action in its feature's room).
      "lib/people": {},
      "lib/settings": {},
      "lib/payments": {},
      "lib/request-log": {},
      "lib/sandbox": {},
      "lib/balances": {},
      "lib/rates": {},
      "lib/search": {},
      // Provisioning from a company's directory (SCIM 2.0, issue 61): its service, its card's actions.
      "lib/scim": {},
    },
  },
  {
    name: "composition: what pages read, the actions' wrapper, the instance",
    rooms: {
      "lib/page-data": { uses: ["lib/actions"] },
      "lib/instance": {},
      // Approving a held submission sends it through whichever feature held it: it needs the instance's table.
      "lib/decisions": { uses: ["lib/instance"] },
    },
  },
  {
    name: "the screens and the entry points",
    rooms: {
      components: { never: ["lib/service", "lib/settlement-api", "lib/instance"] },
      app: { uses: ["components"] },
      e2e: {},
      "proxy.ts": {},
      "instrumentation.ts": {},
      "next.config.ts": {},
      scripts: {},
      bench: { uses: ["components", "e2e"] },
    },
  },
];

/**
 * Imports that break the floors today, each with why; every one is an arrow back up that a later
 * move removes (docs/develop/architecture.md). `from` and `to` are files.
 */
export const ACCEPTED_UPWARD: ReadonlyArray<{ from: string; to: string; why: string }> = [];
