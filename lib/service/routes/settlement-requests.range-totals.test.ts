/**
 * The list's created-at range and the filtered set's totals (extensions, decision D6.2), through
 * the real route on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Decimal from "decimal.js";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

describe.each<DriverKind>(["pglite", "postgres"])(
  "GET /v0/settlement-requests created range and totals (%s)",
  (driver) => {
    let s: TestService;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      s = await createTestService({ driver, start: "2026-11-01T10:00:00Z" });
      ids.nov1 = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body.id as string;
      s.clock.advance(86_400_000); // 2 Nov
      ids.nov2 = (await call(s, "POST", "/v0/settlement-requests", BODIES.f2f)).body.id as string;
      s.clock.advance(86_400_000); // 3 Nov
      ids.nov3 = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body.id as string;
    });
    afterAll(() => s.close());

    const list = async (query: string) =>
      (await call(s, "GET", `/v0/settlement-requests?${query}`)).body as {
        data: Json[];
        pagination: Json;
        totals?: Json;
      };

    it("keeps whole UTC days from created_from to created_to, both included; an instant bound is exclusive", async () => {
      expect((await list("created_from=2026-11-02")).data.map((r) => r.id)).toEqual([ids.nov3, ids.nov2]);
      expect((await list("created_to=2026-11-02")).data.map((r) => r.id)).toEqual([ids.nov2, ids.nov1]);
      expect((await list("created_from=2026-11-02&created_to=2026-11-02")).data.map((r) => r.id)).toEqual([ids.nov2]);
      expect((await list("created_to=2026-11-02T10:00:00Z")).data.map((r) => r.id)).toEqual([ids.nov1]);
    });

    it("totals cover the whole filtered set, not the page, and add up to the rows", async () => {
      const page = await list("page_size=1&include=totals");
      expect(page.data).toHaveLength(1);
      const totals = page.totals as {
        count: number;
        payer_sends: Array<{ currency: string; amount: string }>;
        recipient_gets: Array<{ currency: string; amount: string }>;
      };
      expect(totals.count).toBe(3);
      const all = (await list("page_size=100")).data;
      const sum = (side: "amount" | "destination_amount", currencyOf: "currency" | "destination_currency") => {
        const out: Record<string, string> = {};
        for (const r of all) {
          const i = r.payment_instructions as Record<string, string>;
          out[i[currencyOf]] = new Decimal(out[i[currencyOf]] ?? 0).plus(i[side]).toString();
        }
        return out;
      };
      const asMap = (items: Array<{ currency: string; amount: string }>) =>
        Object.fromEntries(items.map((t) => [t.currency, new Decimal(t.amount).toString()]));
      expect(asMap(totals.payer_sends)).toEqual(sum("amount", "currency"));
      expect(asMap(totals.recipient_gets)).toEqual(sum("destination_amount", "destination_currency"));
      expect((await list("created_from=2026-11-03&include=totals")).totals).toMatchObject({ count: 1 });
      expect((await list("page_size=5")).totals).toBeUndefined();
    });

    it("names the field for a bad bound or include", async () => {
      expectFieldError(await call(s, "GET", "/v0/settlement-requests?created_from=yesterday"), "created_from");
      expectFieldError(await call(s, "GET", "/v0/settlement-requests?created_to=2026-13-45"), "created_to");
      expectFieldError(await call(s, "GET", "/v0/settlement-requests?include=everything"), "include");
    });
  },
);
