/**
 * exportRows (issue 57, decisions D6.9): the console's reader of the streamed export, against the
 * service's real routes (the very Request handed to its app) and against answers it must refuse:
 * a stream cut before `export_end`, a count that disagrees, a row of an unknown shape. A 429
 * before the stream waits for its Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestService } from "@/lib/service/testing/harness";

let service: TestService | null = null;
let crafted: ((request: Request) => Response) | null = null;
const seen: Request[] = [];

vi.mock("./config", () => ({
  connectionFor: (environment: string) => ({
    environment,
    baseUrl: "http://service.test",
    apiKey: service?.keys.sandbox ?? "sk_test_crafted",
    embedded: true,
  }),
}));
vi.mock("./service-fetch", () => ({
  serviceFetch: async (_conn: unknown, request: Request) => {
    seen.push(request);
    if (crafted) return crafted(request);
    return (service as TestService).app.request(request);
  },
}));

const { exportRows } = await import("./exports");
const { createTestService } = await import("@/lib/service/testing/harness");
const { call } = await import("@/lib/service/testing/http");
const { BODIES } = await import("@/lib/service/testing/settlement-fixtures");

async function all<T>(rows: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

const ndjson = (lines: unknown[], status = 200, headers: Record<string, string> = {}) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(""), {
    status,
    headers: { "Content-Type": "application/x-ndjson", ...headers },
  });

describe("exportRows", () => {
  beforeAll(async () => {
    service = await createTestService({ start: "2026-11-20T12:00:00Z" });
    for (const body of [BODIES.s2s, BODIES.f2f, BODIES.s2s])
      await call(service, "POST", "/v0/settlement-requests", body);
  });
  afterAll(() => service?.close());

  it("reads the service's export in one call: every row, parsed, as the list shows it", async () => {
    seen.length = 0;
    const rows = await all(exportRows("sandbox", "payments", "2026-11-01", "2026-11-30"));
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]?.url ?? "").pathname).toBe("/v0/exports/payments");
    const listed = await call(service as TestService, "GET", "/v0/payments?page_size=100");
    expect(rows.map((r) => r.id)).toEqual((listed.body.data as Array<{ id: string }>).map((p) => p.id));
    expect(rows.length).toBe(6);
  });

  it("passes the service's 400 on with its words", async () => {
    await expect(all(exportRows("sandbox", "payments", "2026-01-01", "2026-12-31"))).rejects.toThrow(
      /at most 100 days/,
    );
  });

  describe("answers it must refuse", () => {
    const payment = async () => (await call(service as TestService, "GET", "/v0/payments?page_size=1")).body.data;
    afterAll(() => {
      crafted = null;
    });

    it("a stream that stops before export_end", async () => {
      const [one] = (await payment()) as unknown[];
      crafted = () => ndjson([one]);
      await expect(all(exportRows("sandbox", "payments", "2026-11-01", "2026-11-30"))).rejects.toThrow(
        /stopped after 1 rows, before its end/,
      );
    });

    it("an end whose count disagrees with the rows", async () => {
      const [one] = (await payment()) as unknown[];
      crafted = () => ndjson([one, { object: "export_end", rows: 2 }]);
      await expect(all(exportRows("sandbox", "payments", "2026-11-01", "2026-11-30"))).rejects.toThrow(
        /says 2 rows and gave 1/,
      );
    });

    it("a row of an unknown shape", async () => {
      crafted = () =>
        ndjson([
          { id: "pay_1", amount: 12.5 },
          { object: "export_end", rows: 1 },
        ]);
      await expect(all(exportRows("sandbox", "payments", "2026-11-01", "2026-11-30"))).rejects.toThrow(
        /unexpected shape \(row 1: [a-z_.]+ /,
      );
    });

    it("a 429 waits for its Retry-After, then reads", async () => {
      const [one] = (await payment()) as unknown[];
      let calls = 0;
      crafted = () =>
        ++calls === 1
          ? Response.json(
              { status_code: 429, error: "rate_limit_exceeded", message: "Slow down" },
              { status: 429, headers: { "Retry-After": "7" } },
            )
          : ndjson([one, { object: "export_end", rows: 1 }]);
      const waits: number[] = [];
      const rows = await all(
        exportRows("sandbox", "payments", "2026-11-01", "2026-11-30", {
          sleep: async (ms) => {
            waits.push(ms);
          },
        }),
      );
      expect(waits).toEqual([7_000]);
      expect(rows).toHaveLength(1);
    });
  });
});
