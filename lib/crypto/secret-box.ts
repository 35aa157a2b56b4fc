import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Webhook signing secrets and inbox secrets at rest (docs/decisions/ D13): AES-256-GCM under
 * DATA_ENCRYPTION_KEY (32 bytes, base64 or base64url), which every instance shares. A sealed
 * value reads `enc:v1:<key id>:<iv>.<ciphertext>.<tag>`; the key id (8 hex characters of the
 * key's SHA-256) says which key sealed it, so during a rotation the previous key
 * (DATA_ENCRYPTION_KEY_PREVIOUS) still opens the rows not yet re-sealed. A value without the
 * prefix is a row from before encryption: it is opened as is, and sealed by
 * `npm run secrets -- seal` or the next start.
 */
export const SEALED_PREFIX = "enc:v1:";

export type SecretKeys = { current: Buffer | null; previous: Buffer | null };

export function parseKey(value: string | undefined, name = "DATA_ENCRYPTION_KEY"): Buffer | null {
  if (!value) return null;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded (openssl rand -base64 32)`);
  return bytes;
}

export const keyId = (key: Buffer): string => createHash("sha256").update(key).digest("hex").slice(0, 8);

const holder = globalThis as typeof globalThis & { __secretKeys?: SecretKeys };

/** The keys from the environment, read once (tests and the rotation command set their own). */
export function secretKeys(): SecretKeys {
  holder.__secretKeys ??= {
    current: parseKey(process.env.DATA_ENCRYPTION_KEY),
    previous: parseKey(process.env.DATA_ENCRYPTION_KEY_PREVIOUS, "DATA_ENCRYPTION_KEY_PREVIOUS"),
  };
  return holder.__secretKeys;
}

export function useSecretKeys(keys: SecretKeys | undefined): void {
  holder.__secretKeys = keys;
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/** Seals with the current key; without one (development, tests) the value is kept as is. */
export function sealSecret(plain: string, keys: SecretKeys = secretKeys()): string {
  if (!keys.current) return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url"));
  return `${SEALED_PREFIX}${keyId(keys.current)}:${parts.join(".")}`;
}

/** Opens a sealed value with whichever key sealed it; an unsealed one is returned as is. */
export function openSecret(stored: string, keys: SecretKeys = secretKeys()): string {
  if (!isSealed(stored)) return stored;
  const [id, payload = ""] = stored.slice(SEALED_PREFIX.length).split(":");
  const key = [keys.current, keys.previous].find((k) => k && keyId(k) === id);
  if (!key)
    throw new Error(
      `A secret was sealed with key ${id}, which is neither DATA_ENCRYPTION_KEY nor DATA_ENCRYPTION_KEY_PREVIOUS`,
    );
  const [iv, body, tag] = payload.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !body || !tag) throw new Error("A sealed secret is malformed");
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

/** Whether a stored value should be (re)sealed with the current key. */
export function needsSealing(stored: string, keys: SecretKeys = secretKeys()): boolean {
  if (!keys.current) return false;
  return !stored.startsWith(`${SEALED_PREFIX}${keyId(keys.current)}:`);
}
