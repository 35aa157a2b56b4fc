/**
 * Passkeys (WebAuthn) checked by a well-kept verifier, `@simplewebauthn/server` (issue 61,
 * decisions D13.20), not by hand: the client data (type, challenge, origin), the relying party's
 * id hash, user presence AND user verification (a PIN or a fingerprint, never a touch alone),
 * the attestation statement of its format, the authenticator data with nothing after it, the
 * signature, and the counter. Keys: ES256, RS256 and EdDSA. No attestation trust is asked for
 * (attestation "none"): the console needs a key the person holds, not a certificate of its maker.
 * Pure: the store (lib/auth/passkeys.ts) keeps the challenges and the keys.
 */
import { randomBytes } from "node:crypto";
import { verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
import { COSEALG, isoCBOR } from "@simplewebauthn/server/helpers";

export const b64url = {
  encode: (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url"),
  decode: (text: string): Buffer => Buffer.from(text, "base64url"),
};

export const newChallenge = (): string => b64url.encode(randomBytes(32));

/** The algorithms a passkey may use: the options offer them and the verifier accepts only them. */
export const PASSKEY_ALGORITHMS = [COSEALG.ES256, COSEALG.EdDSA, COSEALG.RS256] as const;

/** What the ceremony must have been: its challenge, one of the console's origins, its relying party id. */
export type Expected = { challenge: string; origins: readonly string[]; rpId: string };
/** A stored key: its COSE public key (base64url), or the JWK an older console stored, and its counter. */
export type StoredKey = {
  id: string;
  cosePublicKey: string | null;
  publicKeyJwk: JsonWebKey | null;
  signCount: number;
};

export type Registered = {
  ok: true;
  credentialId: string;
  cosePublicKey: string;
  signCount: number;
  /** "multiDevice": a synced passkey (a password manager, a phone's cloud); "singleDevice": bound to one device. */
  deviceType: "singleDevice" | "multiDevice";
  backedUp: boolean;
};
type Refusal = { ok: false; reason: string };

/** The verifier's words for a person: why the passkey was refused, and what to do. */
function refusal(error: unknown): Refusal {
  const message = error instanceof Error ? error.message : String(error);
  if (/user verification required|could not be verified/i.test(message))
    return {
      ok: false,
      reason:
        "This passkey did not verify you (no PIN, fingerprint or face): use a passkey that asks for one, so that a touch alone cannot approve money.",
    };
  if (/user presen/i.test(message)) return { ok: false, reason: "The passkey did not confirm a person was there." };
  if (/challenge/i.test(message))
    return { ok: false, reason: "This passkey answer is for another request: try again." };
  if (/origin/i.test(message))
    return { ok: false, reason: "This passkey answer came from another site than this console." };
  if (/rp ?id/i.test(message)) return { ok: false, reason: "This passkey is for another site." };
  if (/counter/i.test(message))
    return { ok: false, reason: "This passkey's counter went backwards: it may have been copied." };
  if (/algorithm|alg\b/i.test(message))
    return { ok: false, reason: "This kind of passkey is not supported (ES256, EdDSA or RS256 keys only)." };
  if (/signature/i.test(message)) return { ok: false, reason: "The passkey's signature does not match." };
  return { ok: false, reason: "The passkey's answer could not be verified." };
}

/** Checks a new passkey (the answer of `navigator.credentials.create()`): its key, or why not. */
export async function verifyRegistration(
  answer: { id: string; clientDataJSON: string; attestationObject: string; transports?: string[] },
  expected: Expected,
): Promise<Registered | Refusal> {
  try {
    const checked = await verifyRegistrationResponse({
      response: {
        id: answer.id,
        rawId: answer.id,
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: answer.clientDataJSON, attestationObject: answer.attestationObject },
      },
      expectedChallenge: expected.challenge,
      expectedOrigin: [...expected.origins],
      expectedRPID: expected.rpId,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
    });
    if (!checked.verified) return { ok: false, reason: "The passkey's answer could not be verified." };
    const info = checked.registrationInfo;
    if (!info.userVerified) return refusal(new Error("User verification required"));
    return {
      ok: true,
      credentialId: info.credential.id,
      cosePublicKey: b64url.encode(info.credential.publicKey),
      signCount: info.credential.counter,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  } catch (error) {
    return refusal(error);
  }
}

/** Checks a passkey's signature (the answer of `navigator.credentials.get()`): its new counter, or why not. */
export async function verifyAssertion(
  answer: { id: string; clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string },
  expected: Expected,
  key: StoredKey,
): Promise<{ ok: true; signCount: number; backedUp: boolean } | Refusal> {
  const publicKey = key.cosePublicKey
    ? b64url.decode(key.cosePublicKey)
    : key.publicKeyJwk
      ? jwkToCose(key.publicKeyJwk)
      : null;
  if (!publicKey) return { ok: false, reason: "This passkey's key is not readable: remove it and add it again." };
  try {
    const checked = await verifyAuthenticationResponse({
      response: {
        id: answer.id,
        rawId: answer.id,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: answer.clientDataJSON,
          authenticatorData: answer.authenticatorData,
          signature: answer.signature,
          ...(answer.userHandle ? { userHandle: answer.userHandle } : {}),
        },
      },
      expectedChallenge: expected.challenge,
      expectedOrigin: [...expected.origins],
      expectedRPID: expected.rpId,
      credential: { id: key.id, publicKey: new Uint8Array(publicKey), counter: key.signCount },
      requireUserVerification: true,
    });
    if (!checked.verified) return { ok: false, reason: "The passkey's signature does not match." };
    if (!checked.authenticationInfo.userVerified) return refusal(new Error("User verification required"));
    return {
      ok: true,
      signCount: checked.authenticationInfo.newCounter,
      backedUp: checked.authenticationInfo.credentialBackedUp,
    };
  } catch (error) {
    return refusal(error);
  }
}

/**
 * The COSE key (RFC 9053) of a JWK an older console stored (ES256 P-256 or RS256): the verifier
 * reads COSE, and keys registered before it came keep working.
 */
export function jwkToCose(jwk: JsonWebKey): Uint8Array | null {
  const bytes = (v: string | undefined) => (v ? new Uint8Array(b64url.decode(v)) : null);
  if (jwk.kty === "EC" && jwk.crv === "P-256") {
    const [x, y] = [bytes(jwk.x), bytes(jwk.y)];
    if (!x || !y) return null;
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, COSEALG.ES256],
        [-1, 1],
        [-2, x],
        [-3, y],
      ]),
    );
  }
  if (jwk.kty === "RSA") {
    const [n, e] = [bytes(jwk.n), bytes(jwk.e)];
    if (!n || !e) return null;
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 3],
        [3, COSEALG.RS256],
        [-1, n],
        [-2, e],
      ]),
    );
  }
  return null;
}
