import Stripe from "stripe";
import { describe, expect, it } from "vitest";

import { computeSignature, generateWebhookSecret, signatureHeader, verifySignature } from "@/lib/webhooks/signature";

const secret = "whsec_dGVzdC1zZWNyZXQtdGhhdC1pcy0zMi1ieXRlcy1sb25n";
const body = JSON.stringify({ id: "evt_1", type: "settlement_request.updated", data: { amount: "1.00000000" } });
const t = 1_780_000_000;
const at = (unix: number) => new Date(unix * 1000);

const stripeSignature = Stripe.webhooks.signature ?? new Stripe("sk_test_x").webhooks.signature;
function stripeVerify(payload: string, header: string): boolean {
  if (!stripeSignature) throw new Error("stripe exposes no webhooks.signature");
  // receivedAt pins Stripe's clock to our fixed timestamp.
  return stripeSignature.verifyHeader(payload, header, secret, 300, undefined, t * 1000);
}

describe("generateWebhookSecret", () => {
  it("is whsec_ + base64url of 32 bytes, fresh each time", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), "base64url")).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});

describe("signatureHeader", () => {
  it("is t=<unix>,v1=<lowercase hex>, no spaces", () => {
    expect(signatureHeader(secret, body, t)).toMatch(/^t=1780000000,v1=[0-9a-f]{64}$/);
  });

  it("signs the same bytes whether given as string or buffer", () => {
    expect(signatureHeader(secret, Buffer.from(body), t)).toBe(signatureHeader(secret, body, t));
  });

  it("matches a known HMAC-SHA256 vector keyed with the secret string as-is", () => {
    // printf '%s' '1.{}' | openssl dgst -sha256 -hmac 'whsec_k'
    expect(computeSignature("whsec_k", "{}", 1)).toBe(
      "3e55f0b5839e8ec0fb44b2f4f4153484f384cbc5344451738bfc77fe78d0d531",
    );
  });

  it("rejects a non-integer timestamp", () => {
    expect(() => signatureHeader(secret, body, 1.5)).toThrow(RangeError);
  });
});

describe("verifySignature", () => {
  it("round-trips", () => {
    const header = signatureHeader(secret, body, t);
    expect(verifySignature({ header, rawBody: body, secret, now: at(t + 10) })).toEqual({ ok: true, timestamp: t });
    expect(verifySignature({ header, rawBody: Buffer.from(body), secret, now: at(t) })).toEqual({
      ok: true,
      timestamp: t,
    });
    const empty = signatureHeader(secret, "", t);
    expect(verifySignature({ header: empty, rawBody: "", secret, now: at(t) }).ok).toBe(true);
  });

  it("reports a tampered body with the signature computed over what arrived", () => {
    const header = signatureHeader(secret, body, t);
    const tampered = body.replace("1.00000000", "9.00000000");
    const result = verifySignature({ header, rawBody: tampered, secret, now: at(t) });
    expect(result).toMatchObject({ ok: false, reason: "signature_mismatch", ageSeconds: 0 });
    if (result.ok) throw new Error("unreachable");
    expect(result.expected).toBe(computeSignature(secret, tampered, t));
    expect(result.received).toEqual([computeSignature(secret, body, t)]);
    expect(result.received).not.toContain(result.expected);
  });

  it("reports a wrong secret as a mismatch", () => {
    const header = signatureHeader(secret, body, t);
    const result = verifySignature({ header, rawBody: body, secret: "whsec_other", now: at(t) });
    expect(result).toMatchObject({ ok: false, reason: "signature_mismatch" });
  });

  it("rejects an old timestamp with its age, and one from the future", () => {
    const header = signatureHeader(secret, body, t);
    expect(verifySignature({ header, rawBody: body, secret, now: at(t + 301) })).toMatchObject({
      ok: false,
      reason: "timestamp_outside_tolerance",
      ageSeconds: 301,
    });
    expect(verifySignature({ header, rawBody: body, secret, now: at(t + 300) }).ok).toBe(true);
    expect(verifySignature({ header, rawBody: body, secret, now: at(t - 301) })).toMatchObject({
      ok: false,
      reason: "timestamp_outside_tolerance",
      ageSeconds: -301,
    });
    expect(verifySignature({ header, rawBody: body, secret, now: at(t + 9_999), toleranceSeconds: 10_000 }).ok).toBe(
      true,
    );
  });

  it("accepts any of several v1 entries and ignores other schemes", () => {
    const good = computeSignature(secret, body, t);
    const other = computeSignature("whsec_rotated", body, t);
    const header = `t=${t},v0=abc,v1=${other},v1=${good.toUpperCase()}`;
    expect(verifySignature({ header, rawBody: body, secret, now: at(t) })).toEqual({ ok: true, timestamp: t });
  });

  it("needs a secret", () => {
    const header = signatureHeader(secret, body, t);
    for (const s of [undefined, null, ""]) {
      expect(verifySignature({ header, rawBody: body, secret: s, now: at(t) })).toMatchObject({
        ok: false,
        reason: "no_secret",
      });
    }
  });

  const sig = computeSignature(secret, body, t);
  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["no t", `v1=${sig}`],
    ["no v1", `t=${t}`],
    ["only other schemes", `t=${t},v0=${sig}`],
    ["t not a number", `t=abc,v1=${sig}`],
    ["negative t", `t=-5,v1=${sig}`],
    ["fractional t", `t=1.5,v1=${sig}`],
    ["two t", `t=${t},t=${t},v1=${sig}`],
    ["v1 too short", `t=${t},v1=${sig.slice(2)}`],
    ["v1 not hex", `t=${t},v1=${"z".repeat(64)}`],
    ["no key=value", `t=${t};v1=${sig}`],
    ["empty entry", `t=${t},,v1=${sig}`],
    ["garbage", "hello"],
  ])("rejects a malformed header: %s", (_name, header) => {
    const result = verifySignature({ header, rawBody: body, secret, now: at(t) });
    expect(result).toMatchObject({ ok: false, reason: "malformed_header" });
    if (!result.ok) expect(result.detail).not.toBe("");
  });

  it("tolerates spaces around entries", () => {
    expect(verifySignature({ header: `t=${t}, v1=${sig}`, rawBody: body, secret, now: at(t) }).ok).toBe(true);
  });
});

describe("independent check with the stripe package", () => {
  it("accepts every header we produce (stripe refuses an empty payload, so none here)", () => {
    for (const payload of [body, "{}", "héllo ✓ \u0000", JSON.stringify({ a: "x".repeat(5000) })]) {
      expect(stripeVerify(payload, signatureHeader(secret, payload, t))).toBe(true);
    }
  });

  it("constructEvent, as a receiver would call it (docs/develop/api-extensions.md), returns our event from a fresh signature", () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(secret, body, now);
    const event = Stripe.webhooks.constructEvent(body, header, secret) as unknown as { id: string; type: string };
    expect(event).toMatchObject({ id: "evt_1", type: "settlement_request.updated" });
    expect(() => Stripe.webhooks.constructEvent(body.replace("1.00", "9.00"), header, secret)).toThrow(
      /No signatures found matching/,
    );
  });

  it("throws on a tampered body", () => {
    const header = signatureHeader(secret, body, t);
    expect(() => stripeVerify(`${body} `, header)).toThrow(/No signatures found matching/);
    expect(() => stripeVerify(body.replace("evt_1", "evt_2"), header)).toThrow(/No signatures found matching/);
  });

  it("produces headers we accept", () => {
    if (!stripeSignature) throw new Error("stripe exposes no webhooks.signature");
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    expect(header).toBe(signatureHeader(secret, body, t));
    expect(verifySignature({ header, rawBody: body, secret, now: at(t) }).ok).toBe(true);
  });
});
