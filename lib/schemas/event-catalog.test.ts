/**
 * The event catalogue is complete by construction (issue 45): `tsc` (in `npm test`) refuses a
 * catalogue that leaves a type out, so a new event type cannot land without its group, label
 * and body kind, and then it is in the webhook event picker and the API document by itself.
 */
import { describe, expect, it } from "vitest";
import { EVENT_CATALOG, EVENT_GROUPS } from "./catalog";
import { EVENT_TYPES, type EventType } from "@/lib/state-machine/webhooks";

type Entry = (typeof EVENT_CATALOG)[EventType];

// @ts-expect-error "account.balance.low" has no entry: the catalogue does not compile (TS2741).
const missingOne: Record<EventType, Entry> = {
  "settlement_request.created": EVENT_CATALOG["settlement_request.created"],
  "settlement_request.updated": EVENT_CATALOG["settlement_request.updated"],
  "payment.created": EVENT_CATALOG["payment.created"],
  "payment.processing": EVENT_CATALOG["payment.processing"],
  "payment.completed": EVENT_CATALOG["payment.completed"],
  "payment.failed": EVENT_CATALOG["payment.failed"],
  "payment.expired": EVENT_CATALOG["payment.expired"],
  "webhook_endpoint.failing": EVENT_CATALOG["webhook_endpoint.failing"],
  "webhook_endpoint.disabled": EVENT_CATALOG["webhook_endpoint.disabled"],
};

describe("the event catalogue", () => {
  it("places every type in a group the picker shows, with a label", () => {
    for (const type of EVENT_TYPES) {
      expect(EVENT_GROUPS).toContain(EVENT_CATALOG[type].group);
      expect(EVENT_CATALOG[type].label.length).toBeGreaterThan(0);
    }
    expect(Object.keys(missingOne)).toHaveLength(EVENT_TYPES.length - 1);
  });
});
