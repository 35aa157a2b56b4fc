/**
 * The audit log's Merkle tree, RFC 6962 / RFC 9162 hashing (issue 47, decisions D22): a leaf is
 * SHA-256(0x00 ‖ entry), a node SHA-256(0x01 ‖ left ‖ right), and the tree over n leaves splits
 * at the largest power of two below n. Pure (node:crypto only): the console, the export and the
 * offline verifier use the same code.
 */
import { createHash } from "node:crypto";

export const HASH_BYTES = 32;

export function leafHash(entry: Uint8Array): Buffer {
  return createHash("sha256")
    .update(Buffer.from([0]))
    .update(entry)
    .digest();
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return createHash("sha256")
    .update(Buffer.from([1]))
    .update(left)
    .update(right)
    .digest();
}

/** The largest power of two strictly below n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * Every level of the tree over `leaves` (level 0: the leaves), each one Buffer of 32-byte hashes:
 * a node pairs two children; a level's last node without a partner is carried up as it is,
 * which is RFC 6962's left-balanced tree. Building it is O(n); every proof then reads from it.
 */
export class MerkleTree {
  readonly size: number;
  private readonly levels: Buffer[];

  constructor(leaves: Buffer) {
    if (leaves.length % HASH_BYTES !== 0) throw new Error("leaf hashes must be 32 bytes each");
    this.size = leaves.length / HASH_BYTES;
    this.levels = [leaves];
    let level = leaves;
    while (level.length > HASH_BYTES) {
      const count = level.length / HASH_BYTES;
      const next = Buffer.alloc(Math.ceil(count / 2) * HASH_BYTES);
      for (let i = 0; i + 1 < count; i += 2) nodeHash(at(level, i), at(level, i + 1)).copy(next, (i / 2) * HASH_BYTES);
      if (count % 2 === 1) at(level, count - 1).copy(next, ((count - 1) / 2) * HASH_BYTES);
      this.levels.push(next);
      level = next;
    }
  }

  static of(leafHashes: Uint8Array[]): MerkleTree {
    return new MerkleTree(Buffer.concat(leafHashes.map((h) => Buffer.from(h))));
  }

  root(): Buffer {
    if (this.size === 0) return createHash("sha256").digest();
    return Buffer.from(at(this.levels[this.levels.length - 1] as Buffer, 0));
  }

  /** MTH(D[lo:hi]) for a range the RFC's recursion visits: aligned perfect subtrees read from the levels. */
  private subtree(lo: number, hi: number): Buffer {
    const n = hi - lo;
    if (n === 1) return Buffer.from(at(this.levels[0] as Buffer, lo));
    if ((n & (n - 1)) === 0 && lo % n === 0) {
      const depth = Math.log2(n);
      return Buffer.from(at(this.levels[depth] as Buffer, lo / n));
    }
    const k = splitPoint(n);
    return nodeHash(this.subtree(lo, lo + k), this.subtree(lo + k, hi));
  }

  /** The audit path of leaf `index` in the tree of the first `size` leaves (RFC 6962 §2.1.1), bottom up. */
  inclusionProof(index: number, size = this.size): Buffer[] {
    if (index < 0 || index >= size || size > this.size) throw new RangeError("index outside the tree");
    const path: Buffer[] = [];
    const walk = (m: number, lo: number, hi: number): void => {
      const n = hi - lo;
      if (n === 1) return;
      const k = splitPoint(n);
      if (m < k) {
        walk(m, lo, lo + k);
        path.push(this.subtree(lo + k, hi));
      } else {
        walk(m - k, lo + k, hi);
        path.push(this.subtree(lo, lo + k));
      }
    };
    walk(index, 0, size);
    return path;
  }

  /** The proof that the tree of `older` leaves is a prefix of the tree of `newer` (RFC 6962 §2.1.2). */
  consistencyProof(older: number, newer = this.size): Buffer[] {
    if (older < 1 || older > newer || newer > this.size) throw new RangeError("sizes outside the tree");
    const proof: Buffer[] = [];
    const sub = (m: number, lo: number, hi: number, whole: boolean): void => {
      const n = hi - lo;
      if (m === n) {
        if (!whole) proof.push(this.subtree(lo, hi));
        return;
      }
      const k = splitPoint(n);
      if (m <= k) {
        sub(m, lo, lo + k, whole);
        proof.push(this.subtree(lo + k, hi));
      } else {
        sub(m - k, lo + k, hi, false);
        proof.push(this.subtree(lo, lo + k));
      }
    };
    if (older < newer) sub(older, 0, newer, true);
    return proof;
  }
}

function at(level: Buffer, i: number): Buffer {
  return level.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES);
}

/** RFC 9162 §2.1.3.2: does `proof` put `leaf` at `index` of a tree of `size` leaves whose root is `root`? */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r: Buffer = Buffer.from(leaf);
  for (const p of proof) {
    if (p.length !== HASH_BYTES || sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else r = nodeHash(r, p);
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && r.equals(Buffer.from(root));
}

/** RFC 9162 §2.1.4.2: is the tree of `older` leaves (root `oldRoot`) a prefix of the tree of `newer` leaves (root `newRoot`)? */
export function verifyConsistency(
  older: number,
  newer: number,
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
  proof: Uint8Array[],
): boolean {
  if (!Number.isInteger(older) || !Number.isInteger(newer) || older < 1 || older > newer) return false;
  if (older === newer) return proof.length === 0 && Buffer.from(oldRoot).equals(Buffer.from(newRoot));
  if (proof.length === 0 || proof.some((p) => p.length !== HASH_BYTES)) return false;
  const path = [...proof];
  if ((older & (older - 1)) === 0) path.unshift(Buffer.from(oldRoot));
  let fn = older - 1;
  let sn = newer - 1;
  while (fn % 2 === 1) {
    fn >>= 1;
    sn >>= 1;
  }
  const first = path.shift();
  if (!first) return false;
  let fr: Buffer = Buffer.from(first);
  let sr: Buffer = Buffer.from(first);
  for (const c of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else sr = nodeHash(sr, c);
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && fr.equals(Buffer.from(oldRoot)) && sr.equals(Buffer.from(newRoot));
}

/**
 * The right edge of a tree (a "compact range"): the roots of its perfect subtrees, largest
 * first, one per set bit of its size. A checkpoint keeps it, so the next checkpoint's root costs
 * only the entries written since, however long the log.
 */
export type Frontier = { size: number; hashes: Buffer[] };

export function appendToFrontier(frontier: Frontier, leaf: Uint8Array): Frontier {
  const hashes = [...frontier.hashes, Buffer.from(leaf)];
  let size = frontier.size;
  // Merge while the two last subtrees are the same size: the carries of size + 1 in binary.
  while (size % 2 === 1) {
    const right = hashes.pop() as Buffer;
    const left = hashes.pop() as Buffer;
    hashes.push(nodeHash(left, right));
    size >>= 1;
  }
  return { size: frontier.size + 1, hashes };
}

export function frontierRoot(frontier: Frontier): Buffer {
  if (frontier.size === 0) return createHash("sha256").digest();
  let root = frontier.hashes[frontier.hashes.length - 1] as Buffer;
  for (let i = frontier.hashes.length - 2; i >= 0; i--) root = nodeHash(frontier.hashes[i] as Buffer, root);
  return root;
}

const BASE64_HASH = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

/** Whether `text` is the canonical base64 of 32 bytes (what a proof element must be). */
export const isBase64Hash = (text: unknown): text is string => typeof text === "string" && BASE64_HASH.test(text);

/**
 * Inclusion proofs of many leaves of one tree, checked in increasing leaf order (a bundle's
 * entries): RFC 9162 §2.1.3.2's walk, remembering the path it last proved. A leaf whose walk meets
 * a node already proved to lead to the root stops hashing there, and the rest of its proof is
 * compared, as text, with the siblings on that proven path, so every element of every proof is
 * still checked, and a bundle of n entries costs about 2n hashes instead of n log n.
 */
export class InclusionChecker {
  private readonly nodes: Array<{ index: number; hash: Buffer } | undefined> = [];
  private readonly siblings: Array<{ index: number; text: string } | undefined> = [];

  constructor(
    private readonly size: number,
    private readonly root: Buffer,
  ) {}

  check(index: number, leaf: Buffer, proof: string[]): boolean {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return false;
    let fn = index;
    let sn = this.size - 1;
    let level = 0;
    let r = leaf;
    // Whether r is the true value of its node (equal to a node proved before).
    let proven = false;
    const learnt: Array<{ level: number; node: number; hash: Buffer; sibling: number; text: string }> = [];
    for (const text of proof) {
      if (sn === 0 || !isBase64Hash(text)) return false;
      // The right edge's last node is carried up until it is a right child (RFC 9162's inner shift).
      if (fn === sn && fn % 2 === 0)
        while (fn % 2 === 0) {
          fn >>= 1;
          sn >>= 1;
          level++;
        }
      const sibling = fn % 2 === 1 ? fn - 1 : fn + 1;
      const parent = fn >> 1;
      const knownSibling = this.siblings[level];
      const knownParent = this.nodes[level + 1];
      if (proven && knownSibling?.index === sibling) {
        // Both children known: the element must be the proved sibling, and the parent is known too.
        if (knownSibling.text !== text) return false;
        r = knownParent?.index === parent ? knownParent.hash : combine(fn, Buffer.from(text, "base64"), r);
      } else {
        r = combine(fn, Buffer.from(text, "base64"), r);
        learnt.push({ level, node: parent, hash: r, sibling, text });
        if (knownParent?.index === parent) {
          if (!knownParent.hash.equals(r)) return false;
          proven = true;
        } else proven = false;
      }
      fn >>= 1;
      sn >>= 1;
      level++;
    }
    if (sn !== 0 || !r.equals(this.root)) return false;
    for (const step of learnt) {
      this.nodes[step.level + 1] = { index: step.node, hash: step.hash };
      this.siblings[step.level] = { index: step.sibling, text: step.text };
    }
    return true;
  }
}

/** A node from its child at index `fn` and the proof's sibling: left when `fn` is a right child. */
const combine = (fn: number, sibling: Buffer, r: Buffer): Buffer =>
  fn % 2 === 1 ? nodeHash(sibling, r) : nodeHash(r, sibling);
