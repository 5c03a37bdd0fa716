import { describe, expect, it } from 'vitest';
// The vectors every implementation of ayo-lotto/v2 shares (the data crate, the server's verify-draw, the witness
// tool and this browser checker), written by the server side. Deliberately not skipped when missing: a checker
// that has never met the published vectors is not known to agree with them.
import vectorsText from '../../../../docs/vectors/ayo-lotto-v2.json?raw';
import { hexToBytes, sha256Hex } from './fair';
import { numbersFromV2, verifyDrawV2, witnessCommitmentOf } from './fair-v2';
import { inclusionProof, leafHash, merkleRoot, verifyInclusion } from './merkle';
import { parseLeafData } from './receipt';

type DrawVector = {
  draw_id: number;
  seed: string;
  commitment: string;
  tickets_root: string;
  witness_secret: string | null;
  witness_commitment: string | null;
  numbers: number[];
  machine_numbers: number[];
};

type MerkleVector = {
  leaves_data: string[];
  root: string;
  proofs: { index: number; leaf: string; proof: string[] }[];
};

const { draws, merkle } = JSON.parse(vectorsText) as { draws: DrawVector[]; merkle: MerkleVector[] };

describe('the browser verifier (ayo-lotto/v2) against the published vectors', () => {
  it('has vectors to check', () => {
    expect(draws.length).toBeGreaterThan(0);
    expect(merkle.length).toBeGreaterThan(0);
  });

  describe.each(draws.map((vector) => [vector.draw_id, vector] as const))('draw %s', (_id, vector) => {
    const seed = hexToBytes(vector.seed);

    it('commitment = SHA-256(seed bytes)', async () => {
      expect(await sha256Hex(seed)).toBe(vector.commitment);
    });

    it('witness commitment = SHA-256(secret bytes), when there is a witness', async () => {
      if (vector.witness_secret === null) {
        expect(vector.witness_commitment).toBeNull();
      } else {
        expect(await witnessCommitmentOf(vector.witness_secret)).toBe(vector.witness_commitment);
      }
    });

    it('the winning and machine numbers, in order', async () => {
      const { draw_id: id, tickets_root: root, witness_secret: secret } = vector;
      expect(await numbersFromV2(seed, 'balls', id, root, secret)).toEqual(vector.numbers);
      expect(await numbersFromV2(seed, 'machine', id, root, secret)).toEqual(vector.machine_numbers);
    });

    it('passes every check of the Verify panel', async () => {
      const checks = await verifyDrawV2({
        id: vector.draw_id,
        status: 'settled',
        seed: vector.seed,
        commitment: vector.commitment,
        tickets_root: vector.tickets_root,
        witness:
          vector.witness_commitment === null ? null : { commitment: vector.witness_commitment, secret: vector.witness_secret },
        numbers: vector.numbers,
        machine_numbers: vector.machine_numbers,
      });
      expect(checks.every((check) => check.ok)).toBe(true);
    });
  });

  describe.each(merkle.map((vector) => [vector.leaves_data.length, vector] as const))('a tree of %s leaves', (_n, vector) => {
    it('its root', async () => {
      const leaves = await Promise.all(vector.leaves_data.map(leafHash));
      expect(await merkleRoot(leaves)).toBe(vector.root);
    });

    it('every leaf is a real ticket\u2019s leaf data, in the layout receipts are read with', () => {
      for (const data of vector.leaves_data) expect(parseLeafData(data), data).not.toBeNull();
    });

    it('every published proof: its leaf, the same path as here, and it verifies', async () => {
      const leaves = await Promise.all(vector.leaves_data.map(leafHash));
      for (const { index, leaf, proof } of vector.proofs) {
        expect(leaves[index], `leaf ${index}`).toBe(leaf);
        expect(await inclusionProof(leaves, index), `path of ${index}`).toEqual(proof);
        const claim = { leaf, index, treeSize: leaves.length, proof, root: vector.root };
        expect(await verifyInclusion(claim), `proof of ${index}`).toBe(true);
      }
    });
  });
});
