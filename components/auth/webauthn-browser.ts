/**
 * The browser's half of a passkey ceremony (issue 43): the server's options (binary fields in
 * base64url) to `navigator.credentials`, and its answer back as base64url for the server action.
 */

const toBytes = (text: string): ArrayBuffer => {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
};
const toText = (buffer: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

type Credential = { type: "public-key"; id: string };

export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && "PublicKeyCredential" in window && !!navigator.credentials;
}

export async function createPasskey(options: {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: Array<{ type: "public-key"; alg: number }>;
  authenticatorSelection: AuthenticatorSelectionCriteria;
  attestation: AttestationConveyancePreference;
  timeout: number;
  excludeCredentials: Credential[];
}): Promise<{ id: string; clientDataJSON: string; attestationObject: string }> {
  const created = (await navigator.credentials.create({
    publicKey: {
      ...options,
      challenge: toBytes(options.challenge),
      user: { ...options.user, id: toBytes(options.user.id) },
      excludeCredentials: options.excludeCredentials.map((c) => ({ type: c.type, id: toBytes(c.id) })),
    },
  })) as PublicKeyCredential | null;
  if (!created) throw new Error("No passkey was made.");
  const response = created.response as AuthenticatorAttestationResponse;
  return {
    id: toText(created.rawId),
    clientDataJSON: toText(response.clientDataJSON),
    attestationObject: toText(response.attestationObject),
  };
}

export async function answerWithPasskey(options: {
  challenge: string;
  rpId: string;
  allowCredentials: Credential[];
  userVerification: UserVerificationRequirement;
  timeout: number;
}): Promise<{ id: string; clientDataJSON: string; authenticatorData: string; signature: string }> {
  const got = (await navigator.credentials.get({
    publicKey: {
      ...options,
      challenge: toBytes(options.challenge),
      allowCredentials: options.allowCredentials.map((c) => ({ type: c.type, id: toBytes(c.id) })),
    },
  })) as PublicKeyCredential | null;
  if (!got) throw new Error("No passkey answered.");
  const response = got.response as AuthenticatorAssertionResponse;
  return {
    id: toText(got.rawId),
    clientDataJSON: toText(response.clientDataJSON),
    authenticatorData: toText(response.authenticatorData),
    signature: toText(response.signature),
  };
}
