/**
 * Checkpoints as C2SP signed notes (issue 47, decisions D22.3): the text
 *
 *   <origin>\n<tree size>\n<root hash, base64>\n
 *
 * then a blank line and one line per signature, "— <key name> <base64(key hash ‖ Ed25519
 * signature)>", where the key hash is the first 4 bytes of SHA-256(name ‖ "\n" ‖ 0x01 ‖ public
 * key). A verifier key is written "<name>+<key hash hex>+<base64(0x01 ‖ public key)>" (the
 * note's vkey form). Others can cosign the same text, so a split view shows. Pure (node:crypto).
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

const ED25519 = 0x01;
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export type Checkpoint = { origin: string; size: number; root: Buffer };

/** The checkpoint's body, the bytes every signature covers. */
export function checkpointBody(c: Checkpoint): string {
  return `${c.origin}\n${c.size}\n${c.root.toString("base64")}\n`;
}

export function keyHash(name: string, publicKey: Buffer): Buffer {
  return createHash("sha256")
    .update(Buffer.from(`${name}\n`, "utf8"))
    .update(Buffer.from([ED25519]))
    .update(publicKey)
    .digest()
    .subarray(0, 4);
}

/** "<name>+<hash hex>+<base64(0x01 ‖ key)>" */
export function verifierKey(name: string, publicKey: Buffer): string {
  return `${name}+${keyHash(name, publicKey).toString("hex")}+${Buffer.concat([Buffer.from([ED25519]), publicKey]).toString("base64")}`;
}

export type VerifierKey = { name: string; hash: Buffer; publicKey: Buffer; key: KeyObject };

export function parseVerifierKey(text: string): VerifierKey | null {
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(text.trim());
  if (!m) return null;
  const raw = Buffer.from(m[3] as string, "base64");
  if (raw.length !== 33 || raw[0] !== ED25519) return null;
  const publicKey = raw.subarray(1);
  const hash = Buffer.from(m[2] as string, "hex");
  if (!keyHash(m[1] as string, publicKey).equals(hash)) return null;
  return { name: m[1] as string, hash, publicKey, key: publicKeyObject(publicKey) };
}

export const publicKeyObject = (raw: Buffer): KeyObject =>
  createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: "der", type: "spki" });
export const privateKeyObject = (seed: Buffer): KeyObject =>
  createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });

/** The raw 32-byte public key and 32-byte seed of an Ed25519 key object pair. */
export function rawKeys(privateKey: KeyObject): { publicKey: Buffer; seed: Buffer } {
  const der = privateKey.export({ format: "der", type: "pkcs8" });
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  return { seed: Buffer.from(der.subarray(der.length - 32)), publicKey: Buffer.from(spki.subarray(spki.length - 32)) };
}

/** The signed note: the body, a blank line, and this key's signature line. */
export function signCheckpoint(c: Checkpoint, name: string, seed: Buffer): string {
  const body = checkpointBody(c);
  const { publicKey } = rawKeys(privateKeyObject(seed));
  const signature = sign(null, Buffer.from(body, "utf8"), privateKeyObject(seed));
  return `${body}\n— ${name} ${Buffer.concat([keyHash(name, publicKey), signature]).toString("base64")}\n`;
}

export type ParsedNote = {
  body: string;
  checkpoint: Checkpoint;
  signatures: Array<{ name: string; hash: Buffer; signature: Buffer }>;
};

/** A signed note read back, or why it is not one. */
export function parseNote(text: string): ParsedNote | { error: string } {
  const split = text.indexOf("\n\n");
  if (split < 0 || !text.endsWith("\n")) return { error: "not a signed note (no blank line before the signatures)" };
  const body = text.slice(0, split + 1);
  const lines = body.slice(0, -1).split("\n");
  if (lines.length < 3) return { error: "the checkpoint has fewer than three lines" };
  const [origin, sizeText, rootText] = lines as [string, string, string];
  if (!/^(0|[1-9]\d{0,15})$/.test(sizeText)) return { error: `the tree size "${sizeText}" is not a number` };
  const root = Buffer.from(rootText, "base64");
  if (root.length !== 32 || root.toString("base64") !== rootText)
    return { error: "the root hash is not 32 bytes of base64" };
  const signatures: ParsedNote["signatures"] = [];
  for (const line of text.slice(split + 2, -1).split("\n")) {
    const m = /^— (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!m) return { error: `not a signature line: "${line.slice(0, 60)}"` };
    const raw = Buffer.from(m[2] as string, "base64");
    if (raw.length !== 68 || raw.toString("base64") !== m[2])
      return { error: "a signature is not 4 + 64 bytes of base64" };
    signatures.push({ name: m[1] as string, hash: raw.subarray(0, 4), signature: raw.subarray(4) });
  }
  if (signatures.length === 0) return { error: "the note has no signature" };
  return { body, checkpoint: { origin, size: Number(sizeText), root }, signatures };
}

/** Whether one of `keys` signed the note (a signature by an unknown key is ignored, as C2SP says). */
export function noteSignedBy(note: ParsedNote, keys: VerifierKey[]): VerifierKey | null {
  for (const s of note.signatures) {
    const key = keys.find((k) => k.name === s.name && k.hash.equals(s.hash));
    if (key && verify(null, Buffer.from(note.body, "utf8"), key.key, s.signature)) return key;
  }
  return null;
}
