/**
 * The Merkle tree against an independent implementation used as an oracle (issue 47): RFC 6962's
 * own recursive definitions of MTH, PATH and PROOF, written here from the RFC over the leaves'
 * data, on random trees of 1 to 10,000 leaves. Proofs must be equal, verify, and fail when any
 * byte of them or of the leaf changes.
 */
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  appendToFrontier,
  InclusionChecker,
  frontierRoot,
  leafHash,
  MerkleTree,
  verifyConsistency,
  verifyInclusion,
  type Frontier,
} from "./merkle";

// ── The oracle: RFC 6962 §2.1, §2.1.1, §2.1.2, literally ──
const sha = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const largestPow2Below = (n: number) => 2 ** Math.floor(Math.log2(n - 1));
function MTH(d: Buffer[]): Buffer {
  if (d.length === 0) return sha();
  if (d.length === 1) return sha(Buffer.from([0]), d[0] as Buffer);
  const k = largestPow2Below(d.length);
  return sha(Buffer.from([1]), MTH(d.slice(0, k)), MTH(d.slice(k)));
}
function PATH(m: number, d: Buffer[]): Buffer[] {
  if (d.length === 1) return [];
  const k = largestPow2Below(d.length);
  return m < k ? [...PATH(m, d.slice(0, k)), MTH(d.slice(k))] : [...PATH(m - k, d.slice(k)), MTH(d.slice(0, k))];
}
function SUBPROOF(m: number, d: Buffer[], b: boolean): Buffer[] {
  const n = d.length;
  if (m === n) return b ? [] : [MTH(d)];
  const k = largestPow2Below(n);
  return m <= k
    ? [...SUBPROOF(m, d.slice(0, k), b), MTH(d.slice(k))]
    : [...SUBPROOF(m - k, d.slice(k), false), MTH(d.slice(0, k))];
}
const PROOF = (m: number, d: Buffer[]) => SUBPROOF(m, d, true);

const rand = (n: number) => Math.floor(Math.random() * n);
const flipped = (b: Buffer) => {
  const c = Buffer.from(b);
  c[rand(c.length)] ^= 1 + rand(255);
  return c;
};

describe("the audit log's Merkle tree, against RFC 6962's definitions", () => {
  const sizes = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 100, 255, 256, 257, 1000, 1023, 1025, 4096, 10_000];
  for (let i = 0; i < 5; i++) sizes.push(1 + rand(10_000));

  it.each(sizes.map((n) => [n]))(
    "a tree of %i leaves: root, inclusion and consistency proofs agree and verify",
    (n) => {
      const data = Array.from({ length: n }, () => randomBytes(1 + rand(40)));
      const leaves = data.map((d) => leafHash(d));
      const tree = MerkleTree.of(leaves);
      const root = MTH(data);
      expect(tree.root().equals(root)).toBe(true);

      let frontier: Frontier = { size: 0, hashes: [] };
      for (const leaf of leaves) frontier = appendToFrontier(frontier, leaf);
      expect(frontierRoot(frontier).equals(root)).toBe(true);

      for (let t = 0; t < 4; t++) {
        const m = rand(n);
        const proof = tree.inclusionProof(m);
        expect(proof.map((p) => p.toString("hex"))).toEqual(PATH(m, data).map((p) => p.toString("hex")));
        expect(verifyInclusion(m, n, leaves[m] as Buffer, proof, root)).toBe(true);
        expect(verifyInclusion(m, n, flipped(leaves[m] as Buffer), proof, root)).toBe(false);
        if (proof.length > 0) {
          const bad = [...proof];
          const at = rand(bad.length);
          bad[at] = flipped(bad[at] as Buffer);
          expect(verifyInclusion(m, n, leaves[m] as Buffer, bad, root)).toBe(false);
        }
        if (n > 1) expect(verifyInclusion((m + 1) % n, n, leaves[m] as Buffer, proof, root)).toBe(false);

        const older = 1 + rand(n);
        const olderRoot = MTH(data.slice(0, older));
        const consistency = tree.consistencyProof(older);
        expect(consistency.map((p) => p.toString("hex"))).toEqual(
          older === n ? [] : PROOF(older, data).map((p) => p.toString("hex")),
        );
        expect(verifyConsistency(older, n, olderRoot, root, consistency)).toBe(true);
        if (older < n) {
          expect(verifyConsistency(older, n, flipped(olderRoot), root, consistency)).toBe(false);
          const bad = [...consistency];
          const at = rand(bad.length);
          bad[at] = flipped(bad[at] as Buffer);
          expect(verifyConsistency(older, n, olderRoot, root, bad)).toBe(false);
        }
        // A smaller tree of the same leaves: proofs against its own root.
        const size = 1 + rand(n);
        const within = rand(size);
        expect(
          verifyInclusion(
            within,
            size,
            leaves[within] as Buffer,
            tree.inclusionProof(within, size),
            MTH(data.slice(0, size)),
          ),
        ).toBe(true);
      }
    },
  );

  it.each([[1], [2], [3], [7], [64], [100], [1000], [1 + rand(5000)]])(
    "the bundle's path-remembering checker agrees with RFC 9162's walk, %i leaves, every leaf in order and tampering refused",
    (n) => {
      const leaves = Array.from({ length: n }, () => leafHash(randomBytes(8)));
      const tree = MerkleTree.of(leaves);
      const root = tree.root();
      const checker = new InclusionChecker(n, root);
      const b64 = (proof: Buffer[]) => proof.map((p) => p.toString("base64"));
      for (let i = 0; i < n; i++) {
        const proof = tree.inclusionProof(i);
        // A tampered copy first: refused, and it must not spoil what the checker remembers.
        if (proof.length > 0 && Math.random() < 0.3) {
          const bad = [...proof];
          const at = rand(bad.length);
          bad[at] = flipped(bad[at] as Buffer);
          expect(checker.check(i, leaves[i] as Buffer, b64(bad))).toBe(false);
        }
        if (Math.random() < 0.2) expect(checker.check(i, flipped(leaves[i] as Buffer), b64(proof))).toBe(false);
        expect(checker.check(i, leaves[i] as Buffer, b64(proof))).toBe(
          verifyInclusion(i, n, leaves[i] as Buffer, proof, root),
        );
        expect(checker.check(i, leaves[i] as Buffer, b64(proof))).toBe(true);
      }
      // Another proof's elements at a place: refused.
      if (n > 2) expect(checker.check(n - 1, leaves[n - 1] as Buffer, b64(tree.inclusionProof(0)))).toBe(false);
    },
  );
});

// Someone else's reading (the transparency-dev reference vectors): merkle.vectors.test.ts.
