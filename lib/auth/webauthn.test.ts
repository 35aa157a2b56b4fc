/**
 * The passkey verifier (issue 61): @simplewebauthn/server behind our two calls, driven by a
 * software authenticator made here with node:crypto and the library's own CBOR encoder (no CBOR
 * of ours on either side). Every check the verifier must make has a case that fails without it:
 * wrong relying party, wrong origin, user presence or user verification unset, a counter that goes
 * back, bytes after the authenticator data, a challenge of another ceremony. ES256, EdDSA and
 * RS256 keys; a key stored as a JWK by an older console still verifies.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { describe, expect, it } from "vitest";
import { b64url, jwkToCose, newChallenge, verifyAssertion, verifyRegistration, type StoredKey } from "./webauthn";

const ORIGIN = "https://console.example.com";
const RP = "console.example.com";
const expected = (challenge: string, origins = [ORIGIN]) => ({ challenge, origins, rpId: RP });
const sha256 = (d: Uint8Array | string) => createHash("sha256").update(d).digest();

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

type Kind = "ES256" | "EdDSA" | "RS256";

/** An authenticator: one key of `kind`, attestation "none", a counter, flags as asked. */
function authenticator(kind: Kind = "ES256") {
  const pair =
    kind === "ES256"
      ? generateKeyPairSync("ec", { namedCurve: "P-256" })
      : kind === "EdDSA"
        ? generateKeyPairSync("ed25519")
        : generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = pair.publicKey.export({ format: "jwk" });
  const id = b64url.encode(Buffer.from(`credential-${kind}-${Math.random()}`));
  let counter = 0;
  const cose = (): Map<number, number | Uint8Array> => {
    const bytes = (v: string | undefined) => new Uint8Array(b64url.decode(v ?? ""));
    if (kind === "ES256")
      return new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, bytes(jwk.x)],
        [-3, bytes(jwk.y)],
      ]);
    if (kind === "EdDSA")
      return new Map<number, number | Uint8Array>([
        [1, 1],
        [3, -8],
        [-1, 6],
        [-2, bytes(jwk.x)],
      ]);
    return new Map<number, number | Uint8Array>([
      [1, 3],
      [3, -257],
      [-1, bytes(jwk.n)],
      [-2, bytes(jwk.e)],
    ]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    b64url.encode(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  const authData = (o: { rp: string; flags: number; attested: boolean; count?: number; trailing?: Buffer }) => {
    counter = o.count ?? counter + 1;
    const head = Buffer.concat([sha256(o.rp), Buffer.from([o.flags | (o.attested ? AT : 0)]), Buffer.alloc(4)]);
    head.writeUInt32BE(counter, 33);
    const parts: Buffer[] = [head];
    if (o.attested) {
      const raw = b64url.decode(id);
      const len = Buffer.alloc(2);
      len.writeUInt16BE(raw.length);
      parts.push(Buffer.alloc(16), len, raw, Buffer.from(isoCBOR.encode(cose())));
    }
    if (o.trailing) parts.push(o.trailing);
    return Buffer.concat(parts);
  };
  const signWith = (data: Buffer, key: KeyObject) =>
    kind === "EdDSA" ? sign(null, data, key) : sign("sha256", data, key);
  return {
    id,
    jwk,
    create(challenge: string, o: { origin?: string; rp?: string; flags?: number; trailing?: Buffer } = {}) {
      const auth = authData({ rp: o.rp ?? RP, flags: o.flags ?? UP | UV, attested: true, trailing: o.trailing });
      const attestationObject = isoCBOR.encode(
        new Map<string, Map<string, never> | string | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, never>()],
          ["authData", new Uint8Array(auth)],
        ]),
      );
      return {
        id,
        clientDataJSON: clientData("webauthn.create", challenge, o.origin ?? ORIGIN),
        attestationObject: b64url.encode(attestationObject),
      };
    },
    get(
      challenge: string,
      o: { origin?: string; rp?: string; flags?: number; count?: number; trailing?: Buffer; type?: string } = {},
    ) {
      const auth = authData({
        rp: o.rp ?? RP,
        flags: o.flags ?? UP | UV,
        attested: false,
        count: o.count,
        trailing: o.trailing,
      });
      const client = clientData(o.type ?? "webauthn.get", challenge, o.origin ?? ORIGIN);
      const signature = signWith(Buffer.concat([auth, sha256(b64url.decode(client))]), pair.privateKey);
      return {
        id,
        clientDataJSON: client,
        authenticatorData: b64url.encode(auth),
        signature: b64url.encode(signature),
      };
    },
  };
}

async function registered(kind: Kind = "ES256") {
  const a = authenticator(kind);
  const challenge = newChallenge();
  const made = await verifyRegistration(a.create(challenge), expected(challenge));
  if (!made.ok) throw new Error(made.reason);
  const key: StoredKey = {
    id: made.credentialId,
    cosePublicKey: made.cosePublicKey,
    publicKeyJwk: null,
    signCount: made.signCount,
  };
  return { a, key, made };
}

describe("passkey registration", () => {
  it.each(["ES256", "EdDSA", "RS256"] as const)(
    "keeps a %s key, bound to its device unless backed up",
    async (kind) => {
      const { made } = await registered(kind);
      expect(made).toMatchObject({ ok: true, deviceType: "singleDevice", backedUp: false, signCount: 1 });
    },
  );

  it("records a synced, backed-up passkey as such", async () => {
    const a = authenticator();
    const challenge = newChallenge();
    expect(
      await verifyRegistration(a.create(challenge, { flags: UP | UV | BE | BS }), expected(challenge)),
    ).toMatchObject({
      ok: true,
      deviceType: "multiDevice",
      backedUp: true,
    });
  });

  it("refuses a passkey that cannot verify its person, saying why", async () => {
    const a = authenticator();
    const challenge = newChallenge();
    const refused = await verifyRegistration(a.create(challenge, { flags: UP }), expected(challenge));
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining("PIN, fingerprint or face") });
  });

  it("refuses another site's passkey, another origin, another ceremony's challenge and bytes after the data", async () => {
    const a = authenticator();
    const challenge = newChallenge();
    expect((await verifyRegistration(a.create(challenge, { rp: "evil.example" }), expected(challenge))).ok).toBe(false);
    expect(
      (await verifyRegistration(a.create(challenge, { origin: "https://evil.example" }), expected(challenge))).ok,
    ).toBe(false);
    expect((await verifyRegistration(a.create(newChallenge()), expected(challenge))).ok).toBe(false);
    expect(
      (await verifyRegistration(a.create(challenge, { trailing: Buffer.from([0xa0]) }), expected(challenge))).ok,
    ).toBe(false);
  });

  it("accepts one of the install's other origins when it is listed, and only then", async () => {
    const a = authenticator();
    const challenge = newChallenge();
    const other = "https://pay.example.com";
    expect((await verifyRegistration(a.create(challenge, { origin: other }), expected(challenge))).ok).toBe(false);
    const again = newChallenge();
    expect((await verifyRegistration(a.create(again, { origin: other }), expected(again, [ORIGIN, other]))).ok).toBe(
      true,
    );
  });
});

describe("passkey assertion (sign-in's second factor, the step-up that releases money)", () => {
  it.each(["ES256", "EdDSA", "RS256"] as const)(
    "a %s passkey with user verification proves the person; the counter moves",
    async (kind) => {
      const { a, key } = await registered(kind);
      const challenge = newChallenge();
      expect(await verifyAssertion(a.get(challenge), expected(challenge), key)).toMatchObject({
        ok: true,
        signCount: 2,
      });
    },
  );

  it("refuses a touch alone (UV unset) and no touch at all (UP unset)", async () => {
    const { a, key } = await registered();
    const c1 = newChallenge();
    expect(await verifyAssertion(a.get(c1, { flags: UP }), expected(c1), key)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("did not verify you"),
    });
    const c2 = newChallenge();
    expect((await verifyAssertion(a.get(c2, { flags: UV }), expected(c2), key)).ok).toBe(false);
  });

  it("refuses another relying party, another origin, another ceremony, a replayed challenge, trailing bytes, a counter gone back", async () => {
    const { a, key } = await registered();
    const c = newChallenge();
    expect((await verifyAssertion(a.get(c, { rp: "evil.example" }), expected(c), key)).ok).toBe(false);
    expect((await verifyAssertion(a.get(c, { origin: "https://evil.example" }), expected(c), key)).ok).toBe(false);
    expect((await verifyAssertion(a.get(c, { type: "webauthn.create" }), expected(c), key)).ok).toBe(false);
    // An answer to yesterday's challenge: the store keeps one challenge a ceremony, used once.
    expect((await verifyAssertion(a.get(newChallenge()), expected(c), key)).ok).toBe(false);
    expect((await verifyAssertion(a.get(c, { trailing: Buffer.from([0xa0]) }), expected(c), key)).ok).toBe(false);
    const moved = { ...key, signCount: 50 };
    expect(await verifyAssertion(a.get(c, { count: 49 }), expected(c), moved)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("counter"),
    });
  });

  it("refuses a signature by another key", async () => {
    const { key } = await registered();
    const stranger = authenticator();
    const c = newChallenge();
    const answer = { ...stranger.get(c), id: key.id };
    expect((await verifyAssertion(answer, expected(c), key)).ok).toBe(false);
  });

  it("verifies a key an older console stored as a JWK", async () => {
    const { a, key } = await registered();
    const legacy: StoredKey = { ...key, cosePublicKey: null, publicKeyJwk: a.jwk };
    expect(jwkToCose(a.jwk)).not.toBeNull();
    const c = newChallenge();
    expect((await verifyAssertion(a.get(c), expected(c), legacy)).ok).toBe(true);
  });
});
