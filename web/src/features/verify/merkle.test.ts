import { describe, expect, it } from 'vitest';
import { bytesToHex, sha256 } from './fair';
import { inclusionProof, leafHash, merkleRoot, merkleRootOfData, nodeHash, verifyInclusion } from './merkle';

/** RFC 6962 §2.1 MTH, written recursively as the RFC states it, to hold the level-by-level build to it. */
async function mth(leaves: readonly string[]): Promise<string> {
  if (leaves.length === 0) return bytesToHex(await sha256(new Uint8Array(0)));
  if (leaves.length === 1) return leaves[0] as string;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2; // the largest power of two below n
  return nodeHash(await mth(leaves.slice(0, k)), await mth(leaves.slice(k)));
}

/** Leaves "0", "1", … as the data crate's own tests make them. */
const leaves = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => leafHash(String(i))));

const claim = async (all: string[], index: number) => ({
  leaf: all[index] as string,
  index,
  treeSize: all.length,
  proof: await inclusionProof(all, index),
  root: await merkleRoot(all),
});

describe('the ticket tree (RFC 6962 / RFC 9162)', () => {
  it('hashes a leaf as SHA-256(0x00 ‖ data) and a node as SHA-256(0x01 ‖ left ‖ right)', async () => {
    // RFC 6962's empty leaf: SHA-256 of the single byte 0x00.
    expect(await leafHash('')).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
    const [a = '', b = ''] = await leaves(2);
    const joined = new Uint8Array([1, ...hexBytes(a), ...hexBytes(b)]);
    expect(await nodeHash(a, b)).toBe(bytesToHex(await sha256(joined)));
  });

  it('gives the roots an independent implementation (Python hashlib) gives', async () => {
    expect(await merkleRoot([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await merkleRoot(await leaves(1))).toBe('db3426e878068d28d269b6c87172322ce5372b65756d0789001d34835f601c03');
    expect(await merkleRoot(await leaves(2))).toBe('cb00989d94a569c0a678ae042b63dcd4625db96440517f37a6eb7976ea24ed4b');
    expect(await merkleRoot(await leaves(3))).toBe('725d5230db68f557470dc35f1d8865813acd7ebb07ad152774141decbae71327');
    expect(await merkleRoot(await leaves(5))).toBe('b6748f6ed7a99de7da84fd97e1a3bac6fab8999f4a43695cab9528a2de431147');
    expect(await merkleRoot(await leaves(7))).toBe('a3e23b32ccb6bf96d092d165d8aa546e09829de8f03b0e8957581d1e16b92bdf');
    expect(await merkleRootOfData(['0', '1', '2'])).toBe(await merkleRoot(await leaves(3)));
  });

  it('builds level by level the same tree as the RFC 6962 recursion, for every size up to 40', async () => {
    for (let n = 0; n <= 40; n += 1) {
      const all = await leaves(n);
      expect(await merkleRoot(all), `${n} leaves`).toBe(await mth(all));
    }
  });

  it('verifies every proof of every tree up to 33 leaves, and no proof for another place', async () => {
    for (let n = 1; n <= 33; n += 1) {
      const all = await leaves(n);
      for (let i = 0; i < n; i += 1) {
        const honest = await claim(all, i);
        expect(await verifyInclusion(honest), `${i} of ${n}`).toBe(true);
        // (The tree size alone is not bound: with the same root, the path of leaf 0 of 3 also walks as leaf 0 of 4.
        // The root is what binds the size, and a grown tree has another root: see the next test.)
        if (n > 1) expect(await verifyInclusion({ ...honest, index: (i + 1) % n }), `${i} of ${n} moved`).toBe(false);
      }
    }
  });

  it('breaks every proof and the root when any leaf changes, or one is added or removed', async () => {
    const data = Array.from({ length: 11 }, (_, i) => `ayo-lotto/v2|ticket|42|${100 + i}|p|NAP1|${i + 1}||||5000|1|5000|40|1000000000`);
    const all = await Promise.all(data.map(leafHash));
    const root = await merkleRoot(all);
    const proofs = await Promise.all(all.map((_, i) => inclusionProof(all, i)));

    for (let changed = 0; changed < data.length; changed += 1) {
      const tampered = [...data];
      tampered[changed] = `${tampered[changed]}0`;
      const otherLeaves = await Promise.all(tampered.map(leafHash));
      expect(await merkleRoot(otherLeaves), `leaf ${changed} changed`).not.toBe(root);
      // The changed leaf no longer proves into the published root, whatever proof it brings.
      const leaf = otherLeaves[changed] as string;
      const proof = proofs[changed] as string[];
      expect(await verifyInclusion({ leaf, index: changed, treeSize: all.length, proof, root })).toBe(false);
    }

    const added = [...all, await leafHash('ayo-lotto/v2|ticket|42|999|p|NAP1|9||||5000|1|5000|40|1000000000')];
    expect(await merkleRoot(added)).not.toBe(root);
    expect(await merkleRoot(all.slice(1))).not.toBe(root);
    expect(await merkleRoot(all.slice(0, -1))).not.toBe(root);
    // An old proof does not carry over to the grown tree's root.
    const grownRoot = await merkleRoot(added);
    for (let i = 0; i < all.length; i += 1) {
      const proof = proofs[i] as string[];
      expect(await verifyInclusion({ leaf: all[i] as string, index: i, treeSize: added.length, proof, root: grownRoot })).toBe(
        false,
      );
    }
  });

  it('refuses malformed claims instead of throwing', async () => {
    const all = await leaves(4);
    const honest = await claim(all, 2);
    expect(await verifyInclusion({ ...honest, index: 4 })).toBe(false);
    expect(await verifyInclusion({ ...honest, index: -1 })).toBe(false);
    expect(await verifyInclusion({ ...honest, proof: [...honest.proof, honest.root] })).toBe(false);
    expect(await verifyInclusion({ ...honest, proof: honest.proof.slice(1) })).toBe(false);
    expect(await verifyInclusion({ ...honest, proof: ['zz'] })).toBe(false);
    expect(await verifyInclusion({ ...honest, root: honest.root.toUpperCase() })).toBe(false);
    // A one-leaf tree: the leaf is the root and the proof is empty.
    const [only = ''] = await leaves(1);
    expect(await verifyInclusion({ leaf: only, index: 0, treeSize: 1, proof: [], root: only })).toBe(true);
  });
});

function hexBytes(hex: string): number[] {
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}
