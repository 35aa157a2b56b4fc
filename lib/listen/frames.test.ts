import { describe, expect, it } from "vitest";
import Stripe from "stripe";
import type { MessageRow } from "@/lib/inbox/store";
import { signatureHeader, verifySignature } from "@/lib/webhooks/signature";
import { deliveryFrame } from "./frames";

const SERVICE_SECRET = "whsec_service_endpoint_secret";
const LISTEN_SECRET = "whsec_the_persons_listen_secret";
// Whitespace and key order the service chose: a re-serialising forwarder would change them.
const BODY =
  '{"id":"evt_1","type":"settlement_request.created","created_at":"2026-11-27T10:00:00.000Z","data":{"id":"r1","note":"é ✓"}}';

function arrival(signedAt: number): MessageRow {
  return {
    seq: 7,
    number: 1,
    inboxId: "ibx_x",
    receivedAt: new Date(signedAt * 1000),
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-service-signature": signatureHeader(SERVICE_SECRET, BODY, signedAt),
      "x-service-event-id": "evt_1",
    },
    body: BODY,
    eventId: "evt_1",
    eventType: "settlement_request.created",
    eventCreatedAt: new Date(signedAt * 1000),
    resourceId: "r1",
    resourceStatus: null,
    verdict: { status: "valid", timestamp: signedAt },
    duplicateOf: null,
    duplicateOfNumber: null,
    outOfOrder: false,
    answeredStatus: 200,
  };
}

describe("the listen stream's delivery frame", () => {
  it("carries the signed bytes unchanged and re-signs them with the listen secret at the original t=", () => {
    const t = 1_795_000_000;
    const frame = deliveryFrame(arrival(t), LISTEN_SECRET, new Date((t + 60) * 1000));
    const bytes = Buffer.from(frame.body_base64, "base64");
    expect(bytes.toString("utf8")).toBe(BODY);
    expect(frame.signed_at).toBe(t);
    expect(frame.resigned_fresh).toBe(false);
    expect(frame.headers["X-Service-Event-Id"]).toBe("evt_1");
    const header = frame.headers["X-Service-Signature"];
    expect(verifySignature({ header, rawBody: bytes, secret: LISTEN_SECRET, now: new Date((t + 60) * 1000) }).ok).toBe(
      true,
    );
    expect(verifySignature({ header, rawBody: bytes, secret: SERVICE_SECRET, now: new Date((t + 60) * 1000) }).ok).toBe(
      false,
    );
    // The official verifier accepts it, as a developer's handler would run it.
    const stripe = new Stripe("sk_test_unused");
    const event = stripe.webhooks.constructEvent(bytes, header, LISTEN_SECRET, 300, undefined, t + 60) as unknown as {
      id: string;
    };
    expect(event.id).toBe("evt_1");
  });

  it("gives a replay older than five minutes a fresh t=, so the handler's tolerance accepts it", () => {
    const t = 1_795_000_000;
    const now = new Date((t + 3_600) * 1000);
    const frame = deliveryFrame(arrival(t), LISTEN_SECRET, now);
    expect(frame.resigned_fresh).toBe(true);
    expect(frame.signed_at).toBe(t + 3_600);
    expect(
      verifySignature({
        header: frame.headers["X-Service-Signature"],
        rawBody: Buffer.from(frame.body_base64, "base64"),
        secret: LISTEN_SECRET,
        now,
      }).ok,
    ).toBe(true);
  });

  it("a forged arrival is never signed: no signature header, refused, and the CLI forwards nothing (issue 42)", async () => {
    const t = 1_795_000_000;
    const forged: MessageRow = {
      ...arrival(t),
      headers: { "content-type": "application/json", "x-service-signature": `t=${t},v1=${"0".repeat(64)}` },
      verdict: { status: "signature_mismatch", detail: "no v1 signature matches" },
    };
    const frame = deliveryFrame(forged, LISTEN_SECRET, new Date((t + 1) * 1000));
    expect(frame.headers["X-Service-Signature"]).toBeUndefined();
    expect(frame.refused).toMatch(/service signature signature_mismatch/);
    const { refusedArrival } = await import("@/lib/cli/forward");
    expect(refusedArrival(frame)).toMatchObject({
      ok: false,
      status: null,
      verdict: expect.stringMatching(/^refused: /),
    });
    // A genuine one carries no refusal.
    expect(deliveryFrame(arrival(t), LISTEN_SECRET, new Date((t + 1) * 1000)).refused).toBeUndefined();
  });
});
