/**
 * Passkeys (WebAuthn Level 2) verified with node:crypto (issue 43, decisions D19.9): what the
 * server checks of a browser's `navigator.credentials.create()` and `.get()` answers. No
 * attestation trust is asked for (attestation "none"): the console needs a key the person holds,
 * not a certificate of its maker. Keys: ES256 (P-256) and RS256. Pure: the store
 * (lib/auth/passkeys.ts) keeps the challenges and the keys.
 */
import { createHash, createPublicKey, randomBytes, verify } from "node:crypto";
import { decodeCbor, type Cbor } from "./cbor";

export const b64url = {
  encode: (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url"),
  decode: (text: string): Buffer => Buffer.from(text, "base64url"),
};

export const newChallenge = (): string => b64url.encode(randomBytes(32));

export type Expected = { challenge: string; origin: string; rpId: string };
export type StoredKey = { publicKeyJwk: JsonWebKey; signCount: number };

const FLAG_USER_PRESENT = 0x01;
const FLAG_ATTESTED = 0x40;

type ClientData = { type: string; challenge: string; origin: string };

function clientData(text: string, type: string, expected: Expected): ClientData | string {
  let parsed: ClientData;
  try {
    parsed = JSON.parse(b64url.decode(text).toString("utf8")) as ClientData;
  } catch {
    return "The browser's answer could not be read.";
  }
  if (parsed.type !== type) return "The browser answered another ceremony.";
  if (parsed.challenge !== expected.challenge) return "This passkey answer is for another request: try again.";
  if (parsed.origin !== expected.origin) return `This passkey answer came from ${parsed.origin}, not this console.`;
  return parsed;
}

type AuthData = { rpIdHash: Buffer; flags: number; signCount: number; credentialId?: Buffer; publicKey?: Cbor };

function parseAuthData(bytes: Buffer): AuthData {
  if (bytes.length < 37) throw new Error("authenticator data too short");
  const flags = bytes[32] ?? 0;
  const data: AuthData = { rpIdHash: bytes.subarray(0, 32), flags, signCount: bytes.readUInt32BE(33) };
  if (flags & FLAG_ATTESTED) {
    const idLength = bytes.readUInt16BE(53);
    data.credentialId = bytes.subarray(55, 55 + idLength);
    data.publicKey = decodeCbor(bytes, 55 + idLength).value;
  }
  return data;
}

/** A COSE public key (RFC 9053) as a JWK: EC2 P-256 with ES256, or RSA with RS256. */
export function coseToJwk(cose: Cbor): JsonWebKey | null {
  if (!(cose instanceof Map)) return null;
  const field = (k: number) => cose.get(k);
  const bytes = (k: number) => {
    const v = field(k);
    return v instanceof Uint8Array ? b64url.encode(v) : null;
  };
  if (field(1) === 2 && field(3) === -7 && field(-1) === 1) {
    const x = bytes(-2);
    const y = bytes(-3);
    return x && y ? { kty: "EC", crv: "P-256", x, y } : null;
  }
  if (field(1) === 3 && field(3) === -257) {
    const n = bytes(-1);
    const e = bytes(-2);
    return n && e ? { kty: "RSA", n, e } : null;
  }
  return null;
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Checks a new passkey (the answer of `navigator.credentials.create()`): its key, or why not. */
export function verifyRegistration(
  answer: { clientDataJSON: string; attestationObject: string },
  expected: Expected,
): { ok: true; credentialId: string; publicKeyJwk: JsonWebKey; signCount: number } | { ok: false; reason: string } {
  const client = clientData(answer.clientDataJSON, "webauthn.create", expected);
  if (typeof client === "string") return { ok: false, reason: client };
  let auth: AuthData;
  try {
    const attestation = decodeCbor(b64url.decode(answer.attestationObject)).value;
    const raw = attestation instanceof Map ? attestation.get("authData") : null;
    if (!(raw instanceof Uint8Array)) return { ok: false, reason: "The passkey's answer has no authenticator data." };
    auth = parseAuthData(Buffer.from(raw));
  } catch {
    return { ok: false, reason: "The passkey's answer could not be read." };
  }
  if (!auth.rpIdHash.equals(sha256(expected.rpId))) return { ok: false, reason: "This passkey is for another site." };
  if (!(auth.flags & FLAG_USER_PRESENT))
    return { ok: false, reason: "The passkey did not confirm a person was there." };
  const publicKeyJwk = auth.publicKey !== undefined ? coseToJwk(auth.publicKey) : null;
  if (!auth.credentialId || !publicKeyJwk)
    return { ok: false, reason: "This kind of passkey is not supported (ES256 or RS256 keys only)." };
  return { ok: true, credentialId: b64url.encode(auth.credentialId), publicKeyJwk, signCount: auth.signCount };
}

/** Checks a passkey's signature (the answer of `navigator.credentials.get()`): its new counter, or why not. */
export function verifyAssertion(
  answer: { clientDataJSON: string; authenticatorData: string; signature: string },
  expected: Expected,
  key: StoredKey,
): { ok: true; signCount: number } | { ok: false; reason: string } {
  const client = clientData(answer.clientDataJSON, "webauthn.get", expected);
  if (typeof client === "string") return { ok: false, reason: client };
  const authBytes = b64url.decode(answer.authenticatorData);
  let auth: AuthData;
  try {
    auth = parseAuthData(authBytes);
  } catch {
    return { ok: false, reason: "The passkey's answer could not be read." };
  }
  if (!auth.rpIdHash.equals(sha256(expected.rpId))) return { ok: false, reason: "This passkey is for another site." };
  if (!(auth.flags & FLAG_USER_PRESENT))
    return { ok: false, reason: "The passkey did not confirm a person was there." };
  const signed = Buffer.concat([authBytes, sha256(b64url.decode(answer.clientDataJSON))]);
  let valid = false;
  try {
    valid = verify(
      "sha256",
      signed,
      createPublicKey({ key: key.publicKeyJwk as import("node:crypto").JsonWebKey, format: "jwk" }),
      b64url.decode(answer.signature),
    );
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: "The passkey's signature does not match." };
  // A counter that went backwards means a copied key (both zero: the authenticator keeps none).
  if ((auth.signCount !== 0 || key.signCount !== 0) && auth.signCount <= key.signCount)
    return { ok: false, reason: "This passkey's counter went backwards: it may have been copied." };
  return { ok: true, signCount: auth.signCount };
}
