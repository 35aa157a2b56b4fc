/**
 * The sandbox clock (decision D8.3), through the real routes, on PGlite and on PostgreSQL.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, ensureAccount } from "../store/api-keys";
import { addSandboxOffset } from "../store/sandbox-clocks";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

describe.each<DriverKind>(["pglite", "postgres"])("the sandbox clock (%s)", (driver) => {
  let s: TestService;
  let strangerKey: string;
  let receiver: Server;
  let receiverUrl: string;
  let received = 0;
  beforeAll(async () => {
    s = await createTestService({ driver });
    const other = await ensureAccount(s.deps.db, `Other ${driver}`);
    strangerKey = (await createApiKey(s.deps.db, { accountId: other.id, environment: "sandbox" })).key;
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received++;
        res.writeHead(500).end("down");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise((r) => receiver.close(r));
    await s.close();
  });

  const clock = async (key?: string) => (await call(s, "GET", "/v0/sandbox/clock", undefined, key ? { key } : {})).body;
  const advance = (seconds: unknown, key?: string) =>
    call(s, "POST", "/v0/sandbox/clock/advance", { seconds }, key ? { key } : {});
  const status = async (id: string, key?: string) =>
    (await call(s, "GET", `/v0/settlement-requests/${id}`, undefined, key ? { key } : {})).body.status;

  it("starts at the service clock and refuses bad advances and production keys", async () => {
    expect(await clock()).toEqual({ now: s.clock.now().toISOString(), offset_seconds: 0 });
    expectFieldError(await advance(0), "seconds");
    expectFieldError(await advance(2_592_001), "seconds");
    expectFieldError(await advance(1.5), "seconds");
    expectFieldError(await advance("60"), "seconds");
    expect((await call(s, "GET", "/v0/sandbox/clock", undefined, { key: s.keys.production })).status).toBe(403);
    expect((await advance(60, s.keys.production)).status).toBe(403);
  });

  it("sees a move another instance made once its cached clock is a second old (read with the API key's claim)", async () => {
    const before = Date.parse((await clock()).now as string);
    // Another instance moves the clock: only the shared table changes, this instance's cache does not.
    await addSandboxOffset(s.deps.db, s.account.id, 10 * MINUTE * 1000, new Date());
    await new Promise((r) => setTimeout(r, 1_100));
    const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
    expect(Date.parse(created.body.created_at as string)).toBe(before + 10 * MINUTE * 1000);
  });

  it("advancing expires a request before the answer, only in this account, and stamps sandbox time", async () => {
    const mine = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body.id as string;
    const theirs = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s, { key: strangerKey })).body
      .id as string;
    const before = (await clock()).offset_seconds as number;
    const moved = await advance(31 * MINUTE);
    expect(moved.status).toBe(200);
    expect(moved.body.offset_seconds).toBe(before + 31 * MINUTE);
    expect(await status(mine)).toBe("REQUEST_EXPIRED");
    expect(await status(theirs, strangerKey)).toBe("REQUEST_STARTED");
    expect((await clock(strangerKey)).offset_seconds).toBe(0);

    const history = (await call(s, "GET", `/v0/settlement-requests/${mine}/history`)).body.data as Json[];
    expect(history.at(-1)).toMatchObject({ to: "REQUEST_EXPIRED", cause: "scheduler" });
    const sandboxNow = Date.parse((await clock()).now as string);
    const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
    expect(Date.parse(created.body.created_at as string)).toBe(sandboxNow);
    const info = await call(s, "GET", "/v0/sandbox/info");
    expect(Date.parse(info.body.server_time as string)).toBe(sandboxNow);
  });

  it("advancing past reconciliation_expected_at makes FUNDS_SENT late", async () => {
    const id = (await call(s, "POST", "/v0/settlement-requests", BODIES.f2s)).body.id as string;
    expect((await call(s, "PUT", `/v0/settlement-requests/${id}`, { status: "FUNDS_SENT" })).status).toBe(200);
    await advance(3 * DAY + 1);
    expect(await status(id)).toBe("FUNDS_RECEIVING_LATE");
  });

  it("webhook attempts follow the sandbox clock: +1 min sends attempt 2, +5 min attempt 3", async () => {
    const hook = await call(s, "POST", "/v0/webhooks", { url: receiverUrl, events: ["settlement_request.created"] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
    const attemptsOf = async () => {
      await s.runWorkers();
      const page = (await call(s, "GET", `/v0/events?type=settlement_request.created&resource_id=${created.body.id}`))
        .body.data as Json[];
      return (page[0].deliveries as Json[])[0];
    };
    expect(await attemptsOf()).toMatchObject({ attempts: 1, status: "PENDING" });
    expect(await attemptsOf()).toMatchObject({ attempts: 1 }); // not due again without the clock
    await advance(MINUTE);
    expect(await attemptsOf()).toMatchObject({ attempts: 2, status: "PENDING" });
    await advance(5 * MINUTE);
    const third = await attemptsOf();
    expect(third).toMatchObject({ attempts: 3, status: "PENDING" });
    // Times read the sandbox clock: the next attempt is 15 sandbox minutes after the third.
    const sandboxNow = Date.parse((await clock()).now as string);
    expect(Date.parse(third.next_attempt_at as string) - sandboxNow).toBe(15 * MINUTE * 1000);
    expect(received).toBeGreaterThanOrEqual(3);
  });
});
