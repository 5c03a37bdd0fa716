import { describe, expect, it } from 'vitest';
// Draws fixed to a drand round (docs/fairness.md, "The drand beacon"), from the published vectors written by the
// server side: the browser adds the round's randomness to the balls' message exactly as the server does.
import vectorsText from '../../../../docs/vectors/ayo-lotto-v2.json?raw';
import { hexToBytes, sha256Hex } from './fair';
import { blockMessageV2, numbersFromV2 } from './fair-v2';

type BeaconDraw = {
  draw_id: number;
  seed: string;
  tickets_root: string;
  witness_secret: string | null;
  beacon: { round: number; signature: string; randomness: string };
  first_block_message: string;
  numbers: number[];
  machine_numbers: number[];
};

const { beacon_draws: beaconDraws = [] } = JSON.parse(vectorsText) as { beacon_draws?: BeaconDraw[] };

describe('beacon draws in the published vectors', () => {
  it('has some', () => {
    expect(beaconDraws.length).toBeGreaterThan(0);
  });

  describe.each(beaconDraws.map((vector) => [vector.draw_id, vector] as const))('draw %s', (_id, vector) => {
    it('randomness = SHA-256(the round signature)', async () => {
      expect(await sha256Hex(hexToBytes(vector.beacon.signature))).toBe(vector.beacon.randomness);
    });

    it('the first block message carries the randomness after the witness secret', () => {
      const message = blockMessageV2(
        'balls',
        vector.draw_id,
        vector.tickets_root,
        vector.witness_secret,
        0,
        vector.beacon.randomness,
      );
      expect(message).toBe(vector.first_block_message);
    });

    it('gives the published balls and machine numbers', async () => {
      const seed = hexToBytes(vector.seed);
      const { draw_id: id, tickets_root: root, witness_secret: secret } = vector;
      const randomness = vector.beacon.randomness;
      expect(await numbersFromV2(seed, 'balls', id, root, secret, randomness)).toEqual(vector.numbers);
      expect(await numbersFromV2(seed, 'machine', id, root, secret, randomness)).toEqual(vector.machine_numbers);
    });
  });
});
