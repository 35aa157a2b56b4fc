/**
 * "Optional means optional": every form that calls the API, with only its required fields
 * filled and every optional one left empty, makes a body the service's own schema accepts
 * (empty inputs are left out, never sent as ""). One place that checks them all.
 */
import { describe, expect, it } from "vitest";
import { DISBURSEMENT_DEFAULTS, toDisbursementBody } from "@/components/disbursements/disbursement-form-values";
import { V1_DEFAULTS, toV1Body } from "@/components/v1-payments/v1-form-values";
import { defaultsFor, toCreateBody, type BuilderValues } from "@/components/settlement-requests/builder/builder-values";
import { createEndpointFormSchema } from "@/components/webhooks/webhook-form-schemas";
import { disbursementCreateSchema } from "@/lib/schemas/disbursement";
import { settlementRequestCreateSchema } from "@/lib/schemas/settlement-request";
import { v1PaymentCreateSchema } from "@/lib/schemas/v1-payment";
import { webhookCreateSchema } from "@/lib/schemas/webhook";

const SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

const accepted = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, body: unknown) => {
  const result = schema.safeParse(body);
  expect(result.success, JSON.stringify(result.error ?? null)).toBe(true);
};
const noEmptyStrings = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/:""/);

/** The builder with only what each shape requires (names, account identifiers, amount). */
function minimal(type: BuilderValues["type"], fill: (v: BuilderValues) => void): BuilderValues {
  const v = defaultsFor(type);
  v.destination.beneficiary.first_name = "Ada";
  v.destination.beneficiary.last_name = "Lovelace";
  fill(v);
  return v;
}

describe("optional fields left empty are left out, and the service's schema accepts the body", () => {
  it.each([
    [
      "STABLECOIN_TO_FIAT to an IBAN (no BIC, bank name, address, email, phone, external id, metadata, reconciliation)",
      minimal("STABLECOIN_TO_FIAT", (v) => {
        v.destination.amount = "100";
        v.source.wallet_address = SOLANA;
        v.source.rail = "SOLANA";
        v.destination.iban = "DE89370400440532013000";
      }),
    ],
    [
      "FIAT_TO_STABLECOIN to a wallet",
      minimal("FIAT_TO_STABLECOIN", (v) => {
        v.amount = "250";
        v.destination.rail = "ETHEREUM";
        v.destination.wallet_address = EVM;
      }),
    ],
    [
      "FIAT_TO_FIAT to an IBAN, the source left to the service's default",
      minimal("FIAT_TO_FIAT", (v) => {
        v.amount = "300";
        v.destination.iban = "DE89370400440532013000";
      }),
    ],
  ])("builder: %s", (_name, values) => {
    const body = toCreateBody(values);
    noEmptyStrings(body);
    accepted(settlementRequestCreateSchema, body);
    expect(body).not.toHaveProperty("external_id");
    expect(body).not.toHaveProperty("metadata");
    expect(body).not.toHaveProperty("reconciliation_expected_at");
  });

  it("disbursement: no chain (inferred from the address)", () => {
    const body = toDisbursementBody({ ...DISBURSEMENT_DEFAULTS, wallet_address: ` ${EVM} `, amount: "5" });
    expect(body).not.toHaveProperty("chain");
    noEmptyStrings(body);
    accepted(disbursementCreateSchema, body);
  });

  it("/v1 payment: an account holder without an email", () => {
    const body = toV1Body({
      ...V1_DEFAULTS,
      amount: "10",
      destination_wallet: SOLANA,
      with_holder: true,
      holder: { first_name: "Ada", last_name: "Lovelace", email: "" },
    });
    noEmptyStrings(body);
    accepted(v1PaymentCreateSchema, { ...body, idempotency_key: "k-1" });
  });

  it("webhook endpoint: an empty or blank description means none", () => {
    for (const description of ["", "   "]) {
      const parsed = createEndpointFormSchema.parse({
        url: "https://example.com/hook",
        events: ["settlement_request.created"],
        description,
      });
      expect(parsed.description).toBeUndefined();
      accepted(webhookCreateSchema, JSON.parse(JSON.stringify(parsed)));
    }
  });
});
