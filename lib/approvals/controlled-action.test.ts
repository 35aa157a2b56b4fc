/**
 * One controlled action held under several console paths (decisions D25.9): each call is read,
 * judged and sent by the entry its path names, so a payin's shortfall and a reconciliation
 * write-off share the write-off rules without either feature knowing the other.
 */
import { describe, expect, it } from "vitest";
import { z } from "@/lib/schemas/zod";
import { byPath, controlledAction } from "./controlled-action";
import type { SubmissionRow } from "./store";

const entry = (name: string, body: z.ZodType) =>
  controlledAction({
    body,
    facts: () => ({ currency: "USDC", amount: "1", destinationType: null, label: name }),
    destination: () => null,
    send: async () => ({ status: "sent", responseStatus: 200, response: { by: name }, resultId: name }),
  });

const shortfall = entry("shortfall", z.object({ settlement_request_id: z.string() }));
const writeOff = entry("write-off", z.object({ exception_id: z.string() }));
const both = byPath({ "console:returns/accepted-shortfalls": shortfall }, writeOff);
const call = (path: string) => ({ method: "POST" as const, path, environment: "sandbox" as const });

describe("byPath", () => {
  it("reads a body either entry's schema reads, and no other", () => {
    expect(both.body.safeParse({ settlement_request_id: "r" }).success).toBe(true);
    expect(both.body.safeParse({ exception_id: "e" }).success).toBe(true);
    expect(both.body.safeParse({ amount: "1" }).success).toBe(false);
  });

  it("judges and sends each call by the entry its path names", async () => {
    expect(both.facts({}, call("console:returns/accepted-shortfalls")).label).toBe("shortfall");
    expect(both.facts({}, call("console:reconciliation/write-offs")).label).toBe("write-off");
    const row = (path: string) => ({ path }) as SubmissionRow;
    expect((await both.send(null as never, row("console:returns/accepted-shortfalls"), {})).resultId).toBe("shortfall");
    expect((await both.send(null as never, row("console:reconciliation/accepted-differences"), {})).resultId).toBe(
      "write-off",
    );
  });
});
