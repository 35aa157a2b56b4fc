import { describe, expect, it } from "vitest";
import { readableValidation } from "./field-label";

// issue 35, finding 7: raw technical text reached people ("sourceAmount: sourceAmount must be…", "body.txHash: …")
describe("readableValidation", () => {
  it("names the field as a form does and never repeats the wire path", () => {
    expect(readableValidation([{ path: "sourceAmount", message: "sourceAmount must be less than 1000" }])).toBe(
      "Source amount: must be less than 1000",
    );
    expect(readableValidation([{ path: "body.txHash", message: "Must be 1 to 255 printable characters" }])).toBe(
      "Transaction hash: must be 1 to 255 printable characters",
    );
    expect(
      readableValidation([
        { path: "destination.routing_number", message: "Fails the ABA checksum" },
        { path: "x", message: "y" },
      ]),
    ).toBe("Routing number: fails the ABA checksum (and 1 more)");
    expect(readableValidation([{ path: "metadata.invoice_ref", message: "Must be at most 500 characters" }])).toBe(
      'Metadata "invoice_ref": must be at most 500 characters',
    );
    expect(readableValidation([])).toBeNull();
  });
});
