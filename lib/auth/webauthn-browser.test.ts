/**
 * The passkey verifier against answers a real browser made (issue 61): Chromium's own WebAuthn
 * stack and virtual authenticator (scripts/record-passkey-fixture.ts), not a software
 * authenticator of ours, so the reading of the specification on the two sides differs. The
 * recorded registration and assertion verify; each change a check must catch is refused: another
 * relying party, another origin, another challenge, a counter that does not move on, bytes after the
 * authenticator data, a flag flipped, and the same key on an authenticator that cannot verify the
 * user (UV unset, the signature good).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { passkeyMethod } from "./session-proof";
import { b64url, verifyAssertion, verifyRegistration, type Registered, type StoredKey } from "./webauthn";

type Assertion = {
  id: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
};
const fixture = JSON.parse(readFileSync(new URL("./fixtures/chromium-passkey.json", import.meta.url), "utf8")) as {
  origin: string;
  rpId: string;
  challenges: { create: string; get: string; getNoUv: string };
  registration: { id: string; clientDataJSON: string; attestationObject: string; transports: string[] };
  assertion: Assertion;
  assertionWithoutUserVerification: Assertion;
};
const expected = (challenge: string, over: Partial<{ origins: string[]; rpId: string }> = {}) => ({
  challenge,
  origins: [fixture.origin],
  rpId: fixture.rpId,
  ...over,
});
/** The authenticator data with its flags byte (offset 32) changed, or bytes added after it. */
const authData = (a: Assertion, change: (bytes: Buffer) => Buffer): Assertion => ({
  ...a,
  authenticatorData: b64url.encode(change(Buffer.from(b64url.decode(a.authenticatorData)))),
});

/** The signature counter in the authenticator data (bytes 33–36, big-endian). */
const signCountOf = (a: Assertion) => Buffer.from(b64url.decode(a.authenticatorData)).readUInt32BE(33);

describe("answers recorded from Chromium", () => {
  let key: StoredKey;
  it("the registration verifies: an ES256 key, user verified, device-bound", async () => {
    const made = await verifyRegistration(fixture.registration, expected(fixture.challenges.create));
    expect(made.ok).toBe(true);
    const registered = made as Registered;
    expect(registered.credentialId).toBe(fixture.registration.id);
    // Chromium's platform key is neither synced nor backed up: a device-bound key (issue 61).
    expect(registered).toMatchObject({ deviceType: "singleDevice", backedUp: false });
    expect(passkeyMethod(registered)).toBe("device_passkey");
    expect(passkeyMethod({ deviceType: "multiDevice", backedUp: true })).toBe("passkey");
    expect(passkeyMethod({ deviceType: "singleDevice", backedUp: true })).toBe("passkey");
    key = {
      id: registered.credentialId,
      cosePublicKey: registered.cosePublicKey,
      publicKeyJwk: null,
      signCount: registered.signCount,
    };
  });

  it("the registration is refused for another relying party, origin or challenge", async () => {
    for (const wrong of [
      expected(fixture.challenges.create, { rpId: "console.example.com" }),
      expected(fixture.challenges.create, { origins: ["http://localhost:1"] }),
      expected(fixture.challenges.get),
    ])
      expect((await verifyRegistration(fixture.registration, wrong)).ok).toBe(false);
  });

  it("the assertion verifies with the key the registration gave", async () => {
    const checked = await verifyAssertion(fixture.assertion, expected(fixture.challenges.get), key);
    expect(checked).toMatchObject({ ok: true });
  });

  it.each([
    [
      "another relying party",
      () => verifyAssertion(fixture.assertion, expected(fixture.challenges.get, { rpId: "example.com" }), key),
    ],
    [
      "another origin",
      () =>
        verifyAssertion(fixture.assertion, expected(fixture.challenges.get, { origins: ["https://localhost"] }), key),
    ],
    [
      "another challenge (a replay of another ceremony)",
      () => verifyAssertion(fixture.assertion, expected(fixture.challenges.create), key),
    ],
    [
      "a counter that does not move on (the key's stored count already at the answer's)",
      () =>
        verifyAssertion(fixture.assertion, expected(fixture.challenges.get), {
          ...key,
          signCount: signCountOf(fixture.assertion),
        }),
    ],
    [
      "bytes after the authenticator data",
      () =>
        verifyAssertion(
          authData(fixture.assertion, (b) => Buffer.concat([b, Buffer.from([0])])),
          expected(fixture.challenges.get),
          key,
        ),
    ],
    [
      "a flag flipped (user present cleared: the signature covers the flags)",
      () =>
        verifyAssertion(
          authData(fixture.assertion, (b) => {
            b[32] = (b[32] ?? 0) & ~0x01;
            return b;
          }),
          expected(fixture.challenges.get),
          key,
        ),
    ],
    [
      "the same key on an authenticator that cannot verify the user (signature good, UV unset)",
      () => verifyAssertion(fixture.assertionWithoutUserVerification, expected(fixture.challenges.getNoUv), key),
    ],
  ])("refuses %s", async (_what, attempt) => {
    expect((await attempt()).ok).toBe(false);
  });

  it("the answer without UV is refused for UV alone: its signature is good, as the library says without the check", async () => {
    const publicKey = new Uint8Array(b64url.decode(key.cosePublicKey ?? ""));
    const a = fixture.assertionWithoutUserVerification;
    const lenient = await verifyAuthenticationResponse({
      response: { id: a.id, rawId: a.id, type: "public-key", clientExtensionResults: {}, response: a },
      expectedChallenge: fixture.challenges.getNoUv,
      expectedOrigin: fixture.origin,
      expectedRPID: fixture.rpId,
      credential: { id: key.id, publicKey, counter: 0 },
      requireUserVerification: false,
    });
    expect(lenient.verified).toBe(true);
    const ours = await verifyAssertion(a, expected(fixture.challenges.getNoUv), key);
    expect(ours).toMatchObject({ ok: false, reason: expect.stringMatching(/verif/i) });
  });

  it("recorded UV unset where the authenticator could not verify, and set where it could", () => {
    expect(signCountOf(fixture.assertion)).toBeGreaterThan(0);
    const flags = (a: Assertion) => Buffer.from(b64url.decode(a.authenticatorData))[32] ?? 0;
    expect(flags(fixture.assertion) & 0x05).toBe(0x05);
    expect(flags(fixture.assertionWithoutUserVerification) & 0x04).toBe(0);
    expect(flags(fixture.assertionWithoutUserVerification) & 0x01).toBe(0x01);
  });
});
