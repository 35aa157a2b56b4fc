import { describe, expect, it } from "vitest";
import { rateQuerySchema } from "@/lib/schemas/rates";
import { parseCsv } from "@/lib/csv/parse";
import { rateQueryOf } from "./price";
import { bodyOfCells } from "./rows";
import { TEMPLATE_NAMES, TEMPLATES, templateCsv } from "./templates";

describe("pricing a settlement-request batch", () => {
  it("asks the service a valid quote for every example row of every request template", () => {
    for (const name of TEMPLATE_NAMES.filter((n) => TEMPLATES[n].kind === "settlement_request")) {
      const read = parseCsv(templateCsv(name));
      if (!read.ok) throw new Error(name);
      for (const record of read.records) {
        const query = rateQueryOf(bodyOfCells(read.header, record.cells));
        expect(query, `${name} line ${record.line}`).not.toBeNull();
        expect(rateQuerySchema.safeParse(query).success, `${name} line ${record.line}: ${JSON.stringify(query)}`).toBe(
          true,
        );
      }
    }
  });

  it("quotes the side the row gives the amount on, and the type's default source", () => {
    const header = [
      "type",
      "payment_reason",
      "destination.currency",
      "destination.rail",
      "destination.amount",
      "destination.iban",
      "destination.beneficiary.type",
      "destination.beneficiary.business_name",
      "destination.beneficiary.address.country_code",
    ];
    const query = rateQueryOf(
      bodyOfCells(header, [
        "FIAT_TO_FIAT",
        "RENT",
        "EUR",
        "LOCAL",
        "250.00",
        "DE89370400440532013000",
        "BUSINESS",
        "Acme GmbH",
        "DE",
      ]),
    );
    expect(query).toMatchObject({
      sourceCurrencyCode: "USD",
      sourceRail: "ACH",
      sourceCountryCode: "US",
      destinationCurrencyCode: "EUR",
      destinationCountryCode: "DE",
    });
    expect(query && "destinationAmount" in query && query.destinationAmount).toBeTruthy();
    expect(query && "sourceAmount" in query ? query.sourceAmount : undefined).toBeUndefined();
    expect(rateQueryOf({ type: "FIAT_TO_FIAT" })).toBeNull();
  });
});
