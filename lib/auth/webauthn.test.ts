import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeCbor } from "./cbor";
import { b64url, coseToJwk, verifyAssertion, verifyRegistration } from "./webauthn";

/** A tiny CBOR writer for the test's own authenticator (maps, ints, byte and text strings). */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) =>
    n < 24
      ? Buffer.from([(major << 5) | n])
      : n < 256
        ? Buffer.from([(major << 5) | 24, n])
        : Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error("unsupported");
}

const ORIGIN = "https://console.example.com";
const RP = "console.example.com";
const sha256 = (d: Buffer | string) => createHash("sha256").update(d).digest();

/** An authenticator as Chromium's virtual one behaves: a P-256 key, attestation "none", a counter. */
function authenticator() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = Buffer.from("credential-0001");
  let counter = 0;
  const clientData = (type: string, challenge: string, origin = ORIGIN) =>
    b64url.encode(Buffer.from(JSON.stringify({ type, challenge, origin })));
  const authData = (rp: string, attested: boolean) => {
    counter += 1;
    const parts: Buffer[] = [sha256(rp), Buffer.from([attested ? 0x45 : 0x05]), Buffer.alloc(4)];
    parts[2]?.writeUInt32BE(counter);
    if (attested) {
      const cose = new Map<unknown, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, b64url.decode(jwk.x ?? "")],
        [-3, b64url.decode(jwk.y ?? "")],
      ]);
      const len = Buffer.alloc(2);
      len.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), len, credentialId, cbor(cose));
    }
    return Buffer.concat(parts);
  };
  return {
    create: (challenge: string, origin = ORIGIN, rp = RP) => ({
      clientDataJSON: clientData("webauthn.create", challenge, origin),
      attestationObject: b64url.encode(
        cbor(
          new Map<unknown, unknown>([
            ["fmt", "none"],
            ["attStmt", new Map()],
            ["authData", authData(rp, true)],
          ]),
        ),
      ),
    }),
    get: (challenge: string, origin = ORIGIN) => {
      const data = authData(RP, false);
      const client = clientData("webauthn.get", challenge, origin);
      const signature = sign("sha256", Buffer.concat([data, sha256(b64url.decode(client))]), privateKey);
      return { clientDataJSON: client, authenticatorData: b64url.encode(data), signature: b64url.encode(signature) };
    },
  };
}

describe("passkeys (WebAuthn)", () => {
  it("reads the CBOR a passkey sends", () => {
    const decoded = decodeCbor(
      cbor(
        new Map<unknown, unknown>([
          ["a", 1],
          [-2, Buffer.from([1, 2])],
        ]),
      ),
    ).value;
    if (!(decoded instanceof Map)) throw new Error("not a map");
    expect(decoded.get("a")).toBe(1);
    expect(Array.from(decoded.get(-2) as Uint8Array)).toEqual([1, 2]);
    expect(() => decodeCbor(new Uint8Array([0x5f]))).toThrow();
  });

  it("registers a P-256 key, then accepts its signatures and refuses everything else", () => {
    const device = authenticator();
    const registered = verifyRegistration(device.create("chal-1"), { challenge: "chal-1", origin: ORIGIN, rpId: RP });
    if (!registered.ok) throw new Error(registered.reason);
    expect(registered.publicKeyJwk).toMatchObject({ kty: "EC", crv: "P-256" });
    expect(registered.credentialId).toBe(b64url.encode(Buffer.from("credential-0001")));
    const key = { publicKeyJwk: registered.publicKeyJwk, signCount: registered.signCount };
    const expected = { challenge: "chal-2", origin: ORIGIN, rpId: RP };

    const good = device.get("chal-2");
    expect(verifyAssertion(good, expected, key)).toEqual({ ok: true, signCount: 2 });
    // Replayed with the same counter, another challenge, another origin, a changed signature: refused.
    expect(verifyAssertion(good, expected, { ...key, signCount: 2 })).toMatchObject({ ok: false });
    expect(verifyAssertion(device.get("other"), expected, key)).toMatchObject({ ok: false });
    expect(verifyAssertion(device.get("chal-2", "https://evil.example"), expected, key)).toMatchObject({ ok: false });
    const tampered = device.get("chal-2");
    const sig = b64url.decode(tampered.signature);
    sig[sig.length - 1] = (sig[sig.length - 1] ?? 0) ^ 1;
    expect(verifyAssertion({ ...tampered, signature: b64url.encode(sig) }, expected, key)).toMatchObject({ ok: false });
    // Another key entirely: refused.
    expect(verifyAssertion(authenticator().get("chal-2"), expected, key)).toMatchObject({ ok: false });
  });

  it("refuses a registration for another site, challenge or origin", () => {
    const device = authenticator();
    const expected = { challenge: "c", origin: ORIGIN, rpId: RP };
    expect(verifyRegistration(device.create("c", ORIGIN, "evil.example"), expected)).toMatchObject({ ok: false });
    expect(verifyRegistration(device.create("x"), expected)).toMatchObject({ ok: false });
    expect(verifyRegistration(device.create("c", "http://console.example.com"), expected)).toMatchObject({ ok: false });
    expect(verifyRegistration({ clientDataJSON: "!!", attestationObject: "AA" }, expected)).toMatchObject({
      ok: false,
    });
  });

  it("turns COSE keys into JWKs and refuses unknown algorithms", () => {
    expect(
      coseToJwk(
        new Map<unknown, unknown>([
          [1, 1],
          [3, -8],
        ]) as never,
      ),
    ).toBeNull();
    expect(coseToJwk("not a key")).toBeNull();
  });
});
