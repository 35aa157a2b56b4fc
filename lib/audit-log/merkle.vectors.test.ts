/**
 * The Merkle code against someone else's reading of RFC 6962 (issue 60, item 5): the reference
 * vectors of Certificate Transparency's Go implementation (transparency-dev/merkle, in
 * fixtures/rfc6962-vectors.json): leaf hashes, the root of every tree of 1 to 8 of its leaves,
 * and its inclusion and consistency proofs, which ours must produce byte for byte and accept;
 * then every corruption that implementation's own tests make of those proofs, each refused.
 */
import { describe, expect, it } from "vitest";
import vectors from "./fixtures/rfc6962-vectors.json";
import { leafHash, MerkleTree, verifyConsistency, verifyInclusion } from "./merkle";

const hex = (h: string) => Buffer.from(h, "hex");
const leaves = vectors.leaves.map(hex);
const roots = vectors.roots.map(hex);
const treeOf = (size: number) => MerkleTree.of(leaves.slice(0, size).map(leafHash));
const someHash = hex("abacaba000000000000000000000000000000000000000000060061e00123456");
const emptyRoot = hex(vectors.emptyRoot);

describe("RFC 6962 reference vectors (transparency-dev/merkle)", () => {
  it("hashes each leaf as the reference does", () => {
    expect(leaves.map((l) => leafHash(l).toString("hex"))).toEqual(vectors.leafHashes);
  });

  it("has the reference's root for every tree of 0 to 8 leaves", () => {
    expect(MerkleTree.of([]).root().toString("hex")).toBe(vectors.emptyRoot);
    for (let size = 1; size <= 8; size++)
      expect(treeOf(size).root().toString("hex"), `size ${size}`).toBe(vectors.roots[size - 1]);
  });

  for (const v of vectors.inclusionProofs) {
    it(`inclusion of leaf ${v.leaf} in a tree of ${v.size}: the reference's proof, accepted; each corruption refused`, () => {
      const index = v.leaf - 1;
      const proof = treeOf(v.size).inclusionProof(index, v.size);
      expect(proof.map((p) => p.toString("hex"))).toEqual(v.proof);
      const root = roots[v.size - 1] as Buffer;
      const leaf = leafHash(leaves[index] as Buffer);
      const given = v.proof.map(hex);
      expect(verifyInclusion(index, v.size, leaf, given, root)).toBe(true);
      const probes: Array<[string, number, number, Buffer, Buffer[], Buffer]> = [
        ["index - 1", index - 1, v.size, leaf, given, root],
        ["index + 1", index + 1, v.size, leaf, given, root],
        ["index ^ 2", index ^ 2, v.size, leaf, given, root],
        ["size * 2", index, v.size * 2, leaf, given, root],
        ["size / 2", index, Math.floor(v.size / 2), leaf, given, root],
        ["wrong leaf", index, v.size, Buffer.from("WrongLeaf"), given, root],
        ["empty root", index, v.size, leaf, given, emptyRoot],
        ["random root", index, v.size, leaf, given, someHash],
        ["trailing garbage", index, v.size, leaf, [...given, Buffer.alloc(0)], root],
        ["trailing root", index, v.size, leaf, [...given, root], root],
        ["preceding garbage", index, v.size, leaf, [Buffer.alloc(0), ...given], root],
        ["preceding root", index, v.size, leaf, [root, ...given], root],
        ...given.map((_, i): [string, number, number, Buffer, Buffer[], Buffer] => {
          const flipped = given.map((p) => Buffer.from(p));
          (flipped[i] as Buffer)[0] ^= 8;
          return [`proof[${i}] bit 3 flipped`, index, v.size, leaf, flipped, root];
        }),
        ...(given.length > 0
          ? [
              ["removed component", index, v.size, leaf, given.slice(0, -1), root] as [
                string,
                number,
                number,
                Buffer,
                Buffer[],
                Buffer,
              ],
            ]
          : []),
        ...(given.length > 1
          ? [
              ["inserted component", index, v.size, leaf, [given[0] as Buffer, someHash, ...given.slice(1)], root] as [
                string,
                number,
                number,
                Buffer,
                Buffer[],
                Buffer,
              ],
            ]
          : []),
      ];
      const accepted = probes.filter(([, i, size, l, p, r]) => verifyInclusion(i, size, l, p, r)).map(([name]) => name);
      expect(accepted).toEqual([]);
    });
  }

  for (const v of vectors.consistencyProofs) {
    it(`consistency of ${v.size1} with ${v.size2}: the reference's proof, accepted; each corruption refused`, () => {
      const proof = treeOf(v.size2).consistencyProof(v.size1, v.size2);
      expect(proof.map((p) => p.toString("hex"))).toEqual(v.proof);
      const [root1, root2] = [roots[v.size1 - 1] as Buffer, roots[v.size2 - 1] as Buffer];
      const given = v.proof.map(hex);
      expect(verifyConsistency(v.size1, v.size2, root1, root2, given)).toBe(true);
      if (given.length === 0) return; // The reference corrupts non-trivial proofs only.
      const probes: Array<[string, number, number, Buffer, Buffer, Buffer[]]> = [
        ["size1 - 1", v.size1 - 1, v.size2, root1, root2, given],
        ["size1 + 1", v.size1 + 1, v.size2, root1, root2, given],
        ["size1 ^ 2", v.size1 ^ 2, v.size2, root1, root2, given],
        ["size2 * 2", v.size1, v.size2 * 2, root1, root2, given],
        ["size2 / 2", v.size1, Math.floor(v.size2 / 2), root1, root2, given],
        ["wrong root1", v.size1, v.size2, Buffer.from("WrongRoot"), root2, given],
        ["wrong root2", v.size1, v.size2, root1, Buffer.from("WrongRoot"), given],
        ["swapped roots", v.size1, v.size2, root2, root1, given],
        ["empty proof", v.size1, v.size2, root1, root2, []],
        ["trailing garbage", v.size1, v.size2, root1, root2, [...given, Buffer.alloc(0)]],
        ["trailing root1", v.size1, v.size2, root1, root2, [...given, root1]],
        ["trailing root2", v.size1, v.size2, root1, root2, [...given, root2]],
        ["preceding garbage", v.size1, v.size2, root1, root2, [Buffer.alloc(0), ...given]],
        ["preceding root1", v.size1, v.size2, root1, root2, [root1, ...given]],
        ["preceding root2", v.size1, v.size2, root1, root2, [root2, ...given]],
        ["preceding proof[0]", v.size1, v.size2, root1, root2, [given[0] as Buffer, ...given]],
        ["truncated proof", v.size1, v.size2, root1, root2, given.slice(0, -1)],
        ...given.map((_, i): [string, number, number, Buffer, Buffer, Buffer[]] => {
          const flipped = given.map((p) => Buffer.from(p));
          (flipped[i] as Buffer)[0] ^= 16;
          return [`proof[${i}] bit 4 flipped`, v.size1, v.size2, root1, root2, flipped];
        }),
      ];
      const accepted = probes.filter(([, a, b, r1, r2, p]) => verifyConsistency(a, b, r1, r2, p)).map(([name]) => name);
      expect(accepted).toEqual([]);
    });
  }
});
