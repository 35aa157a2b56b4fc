/**
 * The part of CBOR (RFC 8949) WebAuthn needs to read: unsigned and negative integers, byte and
 * text strings, arrays, maps, and the simple values false, true and null. Anything else (tags,
 * floats, indefinite lengths) is refused: a passkey's attestation and public key use none.
 */
export type Cbor = number | bigint | Uint8Array | string | Cbor[] | Map<Cbor, Cbor> | boolean | null;

export class CborError extends Error {}

/** Decodes one item at `offset`; returns it and where the next item starts. */
export function decodeCbor(bytes: Uint8Array, offset = 0): { value: Cbor; next: number } {
  const need = (n: number) => {
    if (offset + n > bytes.length) throw new CborError("CBOR: truncated");
  };
  need(1);
  const head = bytes[offset] ?? 0;
  const major = head >> 5;
  const info = head & 31;
  offset += 1;
  let length: number | bigint;
  if (info < 24) length = info;
  else if (info === 24) {
    need(1);
    length = bytes[offset] ?? 0;
    offset += 1;
  } else if (info === 25) {
    need(2);
    length = ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
    offset += 2;
  } else if (info === 26) {
    need(4);
    length = new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0);
    offset += 4;
  } else if (info === 27) {
    need(8);
    length = new DataView(bytes.buffer, bytes.byteOffset + offset, 8).getBigUint64(0);
    offset += 8;
  } else throw new CborError("CBOR: indefinite lengths are not supported");
  const count = () => {
    if (typeof length === "bigint") throw new CborError("CBOR: length too large");
    return length;
  };
  switch (major) {
    case 0:
      return { value: length, next: offset };
    case 1:
      return { value: typeof length === "bigint" ? -1n - length : -1 - length, next: offset };
    case 2: {
      const n = count();
      need(n);
      return { value: bytes.slice(offset, offset + n), next: offset + n };
    }
    case 3: {
      const n = count();
      need(n);
      return { value: new TextDecoder().decode(bytes.slice(offset, offset + n)), next: offset + n };
    }
    case 4: {
      const items: Cbor[] = [];
      for (let i = 0; i < count(); i++) {
        const item = decodeCbor(bytes, offset);
        items.push(item.value);
        offset = item.next;
      }
      return { value: items, next: offset };
    }
    case 5: {
      const map = new Map<Cbor, Cbor>();
      for (let i = 0; i < count(); i++) {
        const key = decodeCbor(bytes, offset);
        const value = decodeCbor(bytes, key.next);
        map.set(key.value, value.value);
        offset = value.next;
      }
      return { value: map, next: offset };
    }
    case 7:
      if (info === 20) return { value: false, next: offset };
      if (info === 21) return { value: true, next: offset };
      if (info === 22) return { value: null, next: offset };
      throw new CborError("CBOR: unsupported simple value");
    default:
      throw new CborError("CBOR: tags are not supported");
  }
}
