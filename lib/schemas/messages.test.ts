/**
 * Messages for a person (walkthrough defect 3): what was "Invalid input: expected string,
 * received undefined" now names the field, in the service's 400 details and in the forms alike.
 */
import { describe, expect, it } from "vitest";
import { disbursementCreateSchema } from "./disbursement";
import { fieldLabel, namedMessage } from "./messages";
import { rateQuerySchema } from "./rates";
import { settlementRequestCreateSchema } from "./settlement-request";
import { webhookCreateSchema } from "./webhook";
import { z } from "./zod";

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("fieldLabel", () => {
  it("names the last segment of a path in words", () => {
    expect(fieldLabel("destination.routing_number")).toBe("Routing number");
    expect(fieldLabel(["destination", "beneficiary", "first_name"])).toBe("First name");
    expect(fieldLabel("sourceAmount")).toBe("Source amount");
    expect(fieldLabel("destination.iban")).toBe("IBAN");
    expect(fieldLabel(["events", 0])).toBe("Events");
    expect(fieldLabel("external_id")).toBe("External ID");
    expect(fieldLabel("")).toBe("The body");
  });
});

describe("zod's defaults replaced", () => {
  it("a settlement request with missing fields: every message names its field, none is zod's default", () => {
    const result = settlementRequestCreateSchema.safeParse({
      type: "STABLECOIN_TO_FIAT",
      source: { currency: "USDC" },
      destination: { currency: "EUR", rail: "LOCAL", beneficiary: { type: "INDIVIDUAL" } },
    });
    const lines = messages(result);
    expect(lines).toContain("payment_reason: Payment reason is required");
    expect(lines).toContain("destination.iban: IBAN is required");
    expect(lines).toContain("destination.beneficiary.first_name: First name is required");
    expect(lines).toContain("source.rail: Rail is required");
    for (const line of lines) expect(line).not.toMatch(/Invalid input|expected \w+, received|^[\w.]+: Required$/);
  });

  it("other schemas too: wrong types, empty bodies, unknown enum values", () => {
    const lines = [
      ...messages(disbursementCreateSchema.safeParse({ amount: 5 })),
      ...messages(rateQuerySchema.safeParse({})),
      ...messages(webhookCreateSchema.safeParse({ url: 7 })),
      ...messages(
        z.object({ kind: z.enum(["A", "B"]), count: z.number().int().min(2) }).safeParse({ kind: "C", count: 1 }),
      ),
    ];
    expect(lines).toContain("kind: Kind must be one of A, B");
    expect(lines).toContain("count: Count must be at least 2");
    for (const line of lines) expect(line).not.toMatch(/Invalid input|expected \w+, received|: Required$/);
  });
});

describe("namedMessage", () => {
  it("puts the field's name before a schema's own 'Must …' and leaves whole sentences alone", () => {
    expect(namedMessage("destination.routing_number", "Must be 9 digits")).toBe("Routing number must be 9 digits");
    expect(namedMessage("destination.iban", "IBAN is required")).toBe("IBAN is required");
  });
});
