import { describe, expect, it } from "vitest";
import {
  DISBURSEMENT_STATUSES,
  PAYMENT_STATUSES,
  SANDBOX_SETTLEMENT_STATUSES,
  V1_PAYMENT_STATUSES,
} from "@/lib/state-machine";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_STATUSES } from "@/lib/state-machine/webhooks";
import { statusTone } from "./status-tone";

describe("statusTone", () => {
  it("gives every status the service has a colour (none falls back to neutral grey)", () => {
    const all = [
      ...SANDBOX_SETTLEMENT_STATUSES,
      ...PAYMENT_STATUSES,
      ...DISBURSEMENT_STATUSES,
      ...V1_PAYMENT_STATUSES,
      ...WEBHOOK_STATUSES,
      ...WEBHOOK_DELIVERY_STATUSES,
    ];
    for (const status of all) expect(statusTone(status), status).not.toBe("neutral");
  });

  it("shows a successful webhook delivery as a success", () => {
    expect(statusTone("SUCCEEDED")).toBe("success");
    expect(statusTone("FAILED")).toBe("danger");
  });
});
