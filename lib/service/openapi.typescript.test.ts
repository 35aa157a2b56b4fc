/**
 * The API document feeds an SDK generator (issue 34): openapi-typescript turns the served
 * document into types, and a small openapi-fetch client that creates, reads, lists and cancels
 * a settlement request type-checks against them without a cast (tsc, strict). The same client
 * with a wrong field must not type-check, so the types are real. openapi-typescript needs the
 * TypeScript 5 compiler API (the project's TypeScript 7 has none): npx runs it with its own.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "./testing/harness";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// Inside the project, so the client resolves openapi-fetch from its node_modules.
const DIR = join(ROOT, "test-results", "openapi-typescript");
// Its default flags, as an integrator runs it (issue 45): nothing in the document needs a flag.
const GENERATOR = ["--yes", "-p", "openapi-typescript@7.13.0", "-p", "typescript@5.9.3", "openapi-typescript"];

const CLIENT = (body: string) => `import createClient from "openapi-fetch";
import type { paths } from "./schema";

const client = createClient<paths>({ baseUrl: "http://localhost:3000", headers: { "X-Api-Key": "sk_test_x" } });

export async function flow(): Promise<Array<string | undefined>> {
  const created = await client.POST("/v0/settlement-requests", {
    params: { header: { "idempotency-key": "order-42" } },
    body: ${body},
  });
  if (!created.data) return [created.error?.message];
  const id: string = created.data.id;
  const read = await client.GET("/v0/settlement-requests/{id}", { params: { path: { id } } });
  const status: string | undefined = read.data?.status;
  const list = await client.GET("/v0/settlement-requests", { params: { query: { page_size: 10, status: "REQUEST_STARTED" } } });
  const first: string | undefined = list.data?.data[0]?.id;
  const canceled = await client.PUT("/v0/settlement-requests/{id}", { params: { path: { id } }, body: { status: "REQUEST_CANCELED" } });
  // The events list narrows by type (issue 63): a settlement request's event carries the request, with its deliveries.
  const events = await client.GET("/v0/events", { params: { query: { page_size: 10 } } });
  const item = events.data?.data[0];
  let eventStatus: string | undefined;
  if (item && item.type === "settlement_request.updated") {
    eventStatus = item.data.status;
    const attempts: number = item.deliveries.length;
    void attempts;
  }
  // The webhook operations (issue 63): rotate, throttle, replay, redrive, each typed.
  const rolled = await client.POST("/v0/webhooks/{id}/rotate", {
    params: { path: { id: "wh_1" } },
    body: { previous_secret_expires_in: 3600 },
  });
  const newSecret: string | undefined = rolled.data?.secret;
  const until: string | null | undefined = (await client.GET("/v0/webhooks/{id}/rotation", { params: { path: { id: "wh_1" } } })).data
    ?.previous_secret_expires_at;
  const rate = await client.PUT("/v0/webhooks/{id}/throttle", { params: { path: { id: "wh_1" } }, body: { max_per_second: 50 } });
  const perSecond: number | null | undefined = rate.data?.max_per_second;
  const counted = await client.POST("/v0/webhooks/{id}/replay", {
    params: { path: { id: "wh_1" } },
    body: { from: "2026-12-01T00:00:00Z", to: "2026-12-02T00:00:00Z", only_failed: true, dry_run: true },
  });
  const replays: number | undefined = counted.data?.count;
  const redriven: number | undefined = (
    await client.POST("/v0/webhooks/{id}/dead-letters/redrive", { params: { path: { id: "wh_1" } }, body: {} })
  ).data?.redriven;
  // An endpoint that keeps failing (D9.15): its health, its policy, a rehearsed outage, and its events narrowed.
  const health = await client.GET("/v0/webhooks/{id}/health", { params: { path: { id: "wh_1" } } });
  const state: "HEALTHY" | "FAILING" | "DISABLED" | undefined = health.data?.state;
  const policy = await client.PUT("/v0/webhooks/{id}/failure-policy", {
    params: { path: { id: "wh_1" } },
    body: { warn_after_hours: 24, disable_after_hours: null },
  });
  const offAfter: number | null | undefined = policy.data?.disable_after_hours;
  const outage = await client.PUT("/v0/webhooks/{id}/outage", { params: { path: { id: "wh_1" } }, body: { hours: 96 } });
  const until2: string | undefined = outage.data?.outage?.until;
  const narrowed = await client.PUT("/v0/webhooks/{id}/filter", {
    params: { path: { id: "wh_1" } },
    body: { condition: 'data.destination.currency = "EUR"' },
  });
  const firstPath: string[] | undefined = narrowed.data?.clauses[0]?.path;
  const matched: number | undefined = (
    await client.POST("/v0/webhooks/{id}/filter/preview", { params: { path: { id: "wh_1" } }, body: { condition: null } })
  ).data?.matched;
  let reason: string | null | undefined;
  if (item && item.type === "webhook_endpoint.disabled") reason = item.data.health.disabled_reason;
  void [newSecret, until, perSecond, replays, redriven, state, offAfter, until2, reason, firstPath, matched];
  return [status, first, canceled.data?.status, eventStatus];
}
`;

const VALID_BODY = `{ type: "STABLECOIN_TO_STABLECOIN", payment_reason: "GIFTS", amount: "100", destination: { currency: "USDC", rail: "SOLANA", wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" } }`;
// A currency the API does not take: the generated types must refuse it.
const WRONG_BODY = `{ type: "STABLECOIN_TO_STABLECOIN", payment_reason: "GIFTS", amount: "100", destination: { currency: "DOGE", rail: "SOLANA", wallet_address: "x" } }`;

function typecheck(file: string): { status: number | null; output: string } {
  writeFileSync(
    join(DIR, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "es2022",
        module: "esnext",
        moduleResolution: "bundler",
        skipLibCheck: true,
        types: [],
      },
      files: [file],
    }),
  );
  const result = spawnSync("npx", ["tsc", "-p", join(DIR, "tsconfig.json")], { cwd: ROOT, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the API document through openapi-typescript and openapi-fetch", () => {
  let service: TestService;
  beforeAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    service = await createTestService();
    const doc = await (await service.request("GET", "/v0/openapi.json", { key: null })).text();
    writeFileSync(join(DIR, "openapi.json"), doc);
    const generated = spawnSync("npx", [...GENERATOR, join(DIR, "openapi.json"), "-o", join(DIR, "schema.d.ts")], {
      cwd: DIR,
      encoding: "utf8",
    });
    expect(generated.status, `${generated.stdout}${generated.stderr}`).toBe(0);
  }, 120_000);
  afterAll(() => service?.close());

  it("types a client that creates, reads, lists and cancels a request, without a cast", () => {
    writeFileSync(join(DIR, "client.ts"), CLIENT(VALID_BODY));
    const checked = typecheck("client.ts");
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  }, 60_000);

  it("refuses the same client with a currency the API does not take", () => {
    writeFileSync(join(DIR, "wrong.ts"), CLIENT(WRONG_BODY));
    const checked = typecheck("wrong.ts");
    expect(checked.status).not.toBe(0);
    expect(checked.output).toContain("DOGE");
  }, 60_000);
});
