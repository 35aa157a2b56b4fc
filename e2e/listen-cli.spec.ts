/**
 * `settlement-console listen` end to end (issue 33): the built console on its own PostgreSQL
 * database, a token from `npm run tokens`, the CLI run with npx, and a local handler that
 * verifies with the official `stripe` verifier and the printed listen secret. Events arrive
 * byte for byte (compared with a plain endpoint the service delivers to directly); events made
 * while the CLI was stopped arrive in order, once; a console restart mid-stream loses nothing;
 * a token on argv and a revoked token are refused; the Inbox page shows the session and ends it.
 */
import { expect, test } from "@playwright/test";
import pg from "pg";
import { CLUSTER_ADMIN, scratchDatabase, startInstance, type Instance } from "./support/instances";
import { interrupt, runCli, startReceiver, tokens, until, type Cli } from "./support/listen";
import { sandboxKey } from "./support/settlement";
import { typeInto } from "./support/forms";

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const PORT = Number(process.env.E2E_PORT ?? 3100) + 21;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const database = scratchDatabase("console_listen");
const databaseUrl = database.url;
let app: Instance;
let token = "";
let secret = "";
const running: Cli[] = [];

async function startApp(): Promise<Instance> {
  const instance = startInstance("listen", PORT, databaseUrl, { INBOX_PUBLIC_URL: ORIGIN, AUTH_URL: ORIGIN });
  await until(
    "the console to be ready",
    async () => (await fetch(`${ORIGIN}/api/ready`).catch(() => null))?.status === 200,
    90_000,
  ).catch((error) => {
    throw new Error(`${error}\n${instance.output.join("")}`);
  });
  return instance;
}

async function stopApp(instance: Instance) {
  instance.process.kill("SIGTERM");
  await Promise.race([instance.exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
}

/** The listen receiver's inbox id, read where only its owner's console can (the database). */
async function listenInboxId(): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query<{ id: string }>("select id from inboxes where purpose = 'listen' limit 1");
    expect(found.rows).toHaveLength(1);
    return found.rows[0]?.id ?? "";
  } finally {
    await client.end();
  }
}

/** A settlement request through the API, as a merchant's server makes one. */
async function createRequest(externalId: string): Promise<string> {
  const res = await fetch(`${ORIGIN}/v0/settlement-requests`, {
    method: "POST",
    headers: {
      "X-Api-Key": sandboxKey(),
      "Content-Type": "application/json",
      "Idempotency-Key": `listen-${externalId}`,
    },
    body: JSON.stringify({
      type: "STABLECOIN_TO_STABLECOIN",
      payment_reason: "GIFTS",
      amount: "10",
      destination: { currency: "USDC", rail: "SOLANA", wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
      external_id: externalId,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const externalIdOf = (body: Buffer) =>
  (JSON.parse(body.toString("utf8")) as { data: { external_id?: string } }).data.external_id;
const env = () => ({ SETTLEMENT_CONSOLE_TOKEN: token, SETTLEMENT_CONSOLE_URL: ORIGIN });
const LISTEN = (target: string) => [
  "listen",
  "--forward-to",
  target,
  "--events",
  "settlement_request.created",
  "--format",
  "ndjson",
];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await database.create();
  app = await startApp();
});

test.afterAll(async () => {
  for (const cli of running) {
    if (cli.process.exitCode === null && cli.process.pid) {
      try {
        process.kill(-cli.process.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  if (app) await stopApp(app);
  await database.drop();
});

test("a token from npm run tokens; never one on argv; the listen secret printed", async () => {
  const made = tokens(
    ["create", "--email", CLUSTER_ADMIN.email, "--name", "e2e laptop", "--expires", "1d"],
    databaseUrl,
  );
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toMatch(/^scpat_[A-Za-z0-9_-]{43}$/);
  token = made.stdout;

  const onArgv = runCli(["listen", "--forward-to", "http://localhost:8080/webhooks", "--token", token], {});
  expect(await onArgv.exited).toBe(2);
  expect(onArgv.stderr.join("")).toContain("set SETTLEMENT_CONSOLE_TOKEN or pass --token-file");

  const printed = runCli(["listen", "--print-secret"], env());
  expect(await printed.exited, printed.stderr.join("")).toBe(0);
  secret = printed.stdout[0];
  expect(secret).toMatch(/^whsec_/);
  // The CLI's routes read a body only up to its cap: a trigger is a few bytes, a 2 KiB one is refused unread.
  const big = await fetch(`${ORIGIN}/api/cli/trigger`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ flow: "request.completed", pad: "x".repeat(2_048) }),
  });
  expect(big.status).toBe(400);
  expect(((await big.json()) as { error: { code: string } }).error.code).toBe("invalid_body");
  // Junk tokens from this address are refused after 20, but never the valid one (issue 42).
  const junk = () =>
    fetch(`${ORIGIN}/api/cli/listen/secret`, { headers: { Authorization: `Bearer scpat_${"j".repeat(43)}` } });
  for (let i = 0; i < 21; i++) await junk();
  expect((await junk()).status).toBe(429);
  const valid = await fetch(`${ORIGIN}/api/cli/listen/secret`, { headers: { Authorization: `Bearer ${token}` } });
  expect(valid.status).toBe(200);
  // Stable: the same secret on the next run.
  const again = runCli(["listen", "--print-secret"], env());
  await again.exited;
  expect(again.stdout[0]).toBe(secret);
});

test("forwards byte for byte, re-signed with the listen secret; resumes after a stop and after a console restart, missing nothing", async () => {
  const handler = await startReceiver(secret);
  // A plain endpoint the service delivers to directly: the bytes the service signed, to compare with.
  const direct = await startReceiver(null);
  const registered = await fetch(`${ORIGIN}/v0/webhooks`, {
    method: "POST",
    headers: { "X-Api-Key": sandboxKey(), "Content-Type": "application/json" },
    body: JSON.stringify({ url: direct.url, events: ["settlement_request.created"] }),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);

  let cli = runCli(LISTEN(handler.url), env());
  running.push(cli);
  await until("the CLI to be ready", () => cli.stderr.join("").includes("Ready."));

  // 1. One request through the API: forwarded, verified with stripe's verifier, byte for byte.
  await createRequest("listen-first");
  const first = await until("the first forward", () =>
    handler.received.find((r) => externalIdOf(r.body) === "listen-first"),
  );
  expect(first.verified, first.error ?? "").toBe(true);
  const original = await until("the direct delivery", () =>
    direct.received.find((r) => externalIdOf(r.body) === "listen-first"),
  );
  expect(first.body.equals(original.body)).toBe(true);
  expect(first.eventId).toBe(original.eventId);
  await until("the CLI's line", () => cli.records().length === 1);
  expect(cli.records()[0]).toMatchObject({
    event_type: "settlement_request.created",
    status: 200,
    ok: true,
    verdict: "ok",
  });

  // 1b. The receiver's URL is a capability: endpoint and event reads serve it cut (issue 42)...
  const hooks = (await (
    await fetch(`${ORIGIN}/v0/webhooks?page_size=100`, { headers: { "X-Api-Key": sandboxKey() } })
  ).json()) as { data: Array<{ url: string }> };
  const receiverId = await listenInboxId();
  const served = hooks.data.map((h) => h.url).find((u) => u.includes("/inbox/"));
  expect(served).toBe(`${ORIGIN}/inbox/${receiverId.slice(0, 10)}…`);
  const firstEvent = (await (
    await fetch(`${ORIGIN}/v0/events?page_size=5&type=settlement_request.created`, {
      headers: { "X-Api-Key": sandboxKey() },
    })
  ).json()) as { data: Array<{ deliveries: Array<{ url: string }> }> };
  const deliveryUrls = firstEvent.data.flatMap((e) => e.deliveries.map((d) => d.url));
  expect(deliveryUrls).toContain(served);
  expect(deliveryUrls.join(" ")).not.toContain(receiverId);
  // ...and a forged event posted straight to it (someone who learnt it some other way): the CLI
  // shows it refused and the handler never sees it.
  const receiverUrl = `${ORIGIN}/inbox/${receiverId}`;
  const forgedBody = JSON.stringify({
    id: "evt_forged_1",
    type: "settlement_request.created",
    created_at: new Date().toISOString(),
    data: { id: "forged", status: "REQUEST_COMPLETED", external_id: "forged" },
  });
  const forged = await fetch(receiverUrl ?? "", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Service-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`,
    },
    body: forgedBody,
  });
  expect(forged.status).toBeLessThan(500);
  await until("the CLI's refusal", () => cli.records().some((r) => r.event_id === "evt_forged_1"));
  expect(cli.records().find((r) => r.event_id === "evt_forged_1")).toMatchObject({ ok: false, status: null });
  expect(cli.records().find((r) => r.event_id === "evt_forged_1")?.verdict).toMatch(/^refused: /);
  expect(handler.received.some((r) => r.body.toString("utf8").includes("evt_forged_1"))).toBe(false);

  // 2. Stopped, two requests made, started again: both arrive, in order, exactly once.
  await interrupt(cli);
  await createRequest("listen-while-away-1");
  await until("the first to reach the console", () =>
    direct.received.some((r) => externalIdOf(r.body) === "listen-while-away-1"),
  );
  await createRequest("listen-while-away-2");
  await until("the second to reach the console", () =>
    direct.received.some((r) => externalIdOf(r.body) === "listen-while-away-2"),
  );
  await new Promise((r) => setTimeout(r, 1_000));
  cli = runCli(LISTEN(handler.url), env());
  running.push(cli);
  await until(
    "both caught up",
    () => handler.received.filter((r) => externalIdOf(r.body)?.startsWith("listen-while-away")).length >= 2,
  );
  await new Promise((r) => setTimeout(r, 1_500));
  expect(handler.received.map((r) => externalIdOf(r.body))).toEqual([
    "listen-first",
    "listen-while-away-1",
    "listen-while-away-2",
  ]);
  expect(handler.received.every((r) => r.verified)).toBe(true);
  expect(cli.stderr.join("")).toContain("Catching up on events since your last listen");

  // 3. The console restarts under the stream: the CLI reconnects by itself and misses nothing.
  await stopApp(app);
  app = await startApp();
  await createRequest("listen-after-restart");
  await until(
    "the forward after the restart",
    () => handler.received.some((r) => externalIdOf(r.body) === "listen-after-restart"),
    60_000,
  );
  await until("the reconnect notice", () => cli.stderr.join("").includes("Reconnected; resuming after event"));
  expect(cli.stderr.join("")).toContain("Connection lost");
  expect(handler.received.map((r) => externalIdOf(r.body))).toEqual([
    "listen-first",
    "listen-while-away-1",
    "listen-while-away-2",
    "listen-after-restart",
  ]);
  expect(handler.received.every((r) => r.verified)).toBe(true);
  const ids = handler.received.map((r) => r.eventId);
  expect(new Set(ids).size).toBe(ids.length);

  await interrupt(cli);

  // 4. --since replays on purpose (re-signed, still verifiable); --once exits 0 after a 2xx.
  const replay = runCli([...LISTEN(handler.url), "--since", "1h", "--once"], env());
  running.push(replay);
  expect(await replay.exited, replay.stderr.join("")).toBe(0);
  expect(replay.records()).toHaveLength(1);
  expect(handler.received.at(-1)?.eventId).toBe(first.eventId);
  expect(handler.received.at(-1)?.verified).toBe(true);
  await handler.stop();
  await direct.stop();
});

test("trigger drives a request to completion; --until stops at that event with the handler's verdict", async () => {
  const handler = await startReceiver(secret);
  const cli = runCli(
    ["listen", "--forward-to", handler.url, "--format", "ndjson", "--until", "settlement_request.updated"],
    env(),
  );
  running.push(cli);
  await until("the CLI to be ready", () => cli.stderr.join("").includes("Ready."));
  const triggered = runCli(["trigger", "request.completed"], env());
  expect(await triggered.exited, triggered.stderr.join("")).toBe(0);
  expect(triggered.stdout.join("\n")).toContain("sandbox transition to REQUEST_COMPLETED → REQUEST_COMPLETED");
  expect(await cli.exited, cli.stderr.join("")).toBe(0);
  expect(cli.records().at(-1)).toMatchObject({ event_type: "settlement_request.updated", ok: true });
  await handler.stop();
});

test("the Inbox page shows the session with its deliveries, and ending it there stops the CLI", async ({ browser }) => {
  const handler = await startReceiver(secret);
  const cli = runCli(LISTEN(handler.url), env());
  running.push(cli);
  await until("the CLI to be ready", () => cli.stderr.join("").includes("Ready."));
  await createRequest("listen-watched");
  await until("the forward", () => handler.received.length === 1);

  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await typeInto(page.getByLabel("Email"), CLUSTER_ADMIN.email);
  await typeInto(page.getByLabel("Password"), CLUSTER_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await page.goto("/inbox");
  const sessions = page.getByTestId("listen-sessions");
  const row = sessions.getByTestId("listen-session-row").and(page.locator('[data-state="live"]'));
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(CLUSTER_ADMIN.email);
  await expect(row).toContainText(handler.url);
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await row.getByRole("button", { name: /End the session/ }).click();
  expect(await cli.exited).toBe(1);
  expect(cli.stderr.join("")).toContain(
    `This listening session was ended: ended by ${CLUSTER_ADMIN.email} on the Inbox page.`,
  );
  await expect(sessions.getByTestId("listen-session-row").first()).toHaveAttribute("data-state", "ended");
  await context.close();
  await handler.stop();
});

test("a token made on the Account page works; revoked, the running CLI stops and the next start is refused", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await typeInto(page.getByLabel("Email"), CLUSTER_ADMIN.email);
  await typeInto(page.getByLabel("Password"), CLUSTER_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await page.goto("/account");
  const card = page.getByTestId("access-tokens");
  await card.getByRole("button", { name: "Create token" }).click();
  const dialog = page.getByRole("dialog");
  await typeInto(dialog.getByLabel("Name"), "phone-sized laptop");
  await dialog.getByRole("button", { name: "Create token" }).click();
  const shown = (await dialog.getByTestId("one-time-secret").textContent())?.trim() ?? "";
  expect(shown).toMatch(/^scpat_/);
  // The quick start reads the token from the keyboard: it is never part of a command (issue 59).
  await expect(dialog.getByTestId("listen-quick-start")).toContainText("read -rs SETTLEMENT_CONSOLE_TOKEN");
  await expect(dialog.getByTestId("listen-quick-start")).not.toContainText(shown);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(card.getByTestId("token-row").and(page.locator('[data-name="phone-sized laptop"]'))).toContainText(
    "Active",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const handler = await startReceiver(secret);
  const cli = runCli(LISTEN(handler.url), { SETTLEMENT_CONSOLE_TOKEN: shown, SETTLEMENT_CONSOLE_URL: ORIGIN });
  running.push(cli);
  await until("the CLI to be ready", () => cli.stderr.join("").includes("Ready."));
  const row = card.getByTestId("token-row").and(page.locator('[data-name="phone-sized laptop"]'));
  await row.getByRole("button", { name: "Revoke token phone-sized laptop" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
  await expect(row).toContainText("Revoked");
  expect(await cli.exited).toBe(1);
  expect(cli.stderr.join("")).toContain("This listening session was ended: its token was revoked.");

  const refused = runCli(LISTEN(handler.url), { SETTLEMENT_CONSOLE_TOKEN: shown, SETTLEMENT_CONSOLE_URL: ORIGIN });
  expect(await refused.exited).toBe(1);
  expect(refused.stderr.join("")).toMatch(/This token was revoked on .*Make a new one on the Account page\./);
  await context.close();
  await handler.stop();
});
