import { describe, expect, it } from "vitest";
import { auditActionLabel, auditResultLabel } from "./audit-labels";

describe("the audit trail in words", () => {
  it("names actions and results as people say them, not as code", () => {
    expect(auditActionLabel("createTrackedDisbursement")).toBe("Create disbursement");
    expect(auditActionLabel("createSettlementRequest")).toBe("Create settlement request");
    expect(auditActionLabel("changeUserRole")).toBe("Change user role");
    expect(auditResultLabel("insufficient_funds")).toBe("Insufficient funds");
    expect(auditResultLabel("ok")).toBe("Done");
    expect(auditActionLabel("cli.listen")).toBe("Start settlement-console listen");
    expect(auditResultLabel("token_revoked")).toBe("Token revoked");
  });
});
