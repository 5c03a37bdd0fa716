import { describe, expect, it } from 'vitest';
// The vectors every implementation shares (data crate tests, the server's verify-draw, this browser checker).
import vectorsText from '../../../../data/tests/vectors/provably_fair.json?raw';
import { block, bytesToHex, hexToBytes, numbersFrom, sha256Hex, ticketsHashOf, verifyDraw } from './fair';

type Vector = {
  note: string;
  seed_hex: string;
  draw_id: number;
  ticket_ids: number[];
  tickets_hash: string;
  commitment: string;
  balls_block_0: string;
  machine_block_0: string;
  numbers: number[];
  machine_numbers: number[];
};

const { algorithm, vectors } = JSON.parse(vectorsText) as { algorithm: string; vectors: Vector[] };

describe(`the browser verifier (${algorithm}) against the shared vectors`, () => {
  it('has vectors to check', () => {
    expect(algorithm).toBe('ayo-lotto/v1');
    expect(vectors.length).toBeGreaterThan(0);
  });

  describe.each(vectors.map((vector) => [vector.note, vector] as const))('%s', (_note, vector) => {
    const seed = hexToBytes(vector.seed_hex);

    it('commitment = SHA-256(seed)', async () => {
      expect(await sha256Hex(seed)).toBe(vector.commitment);
    });

    it('tickets_hash = SHA-256 of the ids, one per line', async () => {
      expect(await ticketsHashOf(vector.ticket_ids)).toBe(vector.tickets_hash);
    });

    it('the first HMAC block of each stream', async () => {
      expect(bytesToHex(await block(seed, 'balls', vector.draw_id, vector.tickets_hash, 0))).toBe(vector.balls_block_0);
      expect(bytesToHex(await block(seed, 'machine', vector.draw_id, vector.tickets_hash, 0))).toBe(
        vector.machine_block_0,
      );
    });

    it('the winning and machine numbers, in order', async () => {
      expect(await numbersFrom(seed, 'balls', vector.draw_id, vector.tickets_hash)).toEqual(vector.numbers);
      expect(await numbersFrom(seed, 'machine', vector.draw_id, vector.tickets_hash)).toEqual(vector.machine_numbers);
    });

    it('passes every check of the Verify panel', async () => {
      const checks = await verifyDraw(
        {
          id: vector.draw_id,
          seed: vector.seed_hex,
          commitment: vector.commitment,
          tickets_hash: vector.tickets_hash,
          numbers: vector.numbers,
          machine_numbers: vector.machine_numbers,
        },
        vector.ticket_ids,
      );
      expect(checks.map((check) => [check.id, check.ok])).toEqual([
        ['commitment', true],
        ['tickets', true],
        ['balls', true],
        ['machine', true],
      ]);
    });
  });

  it('fails the checks a tampered draw breaks', async () => {
    const vector = vectors[1] as Vector;
    const honest = {
      id: vector.draw_id,
      seed: vector.seed_hex,
      commitment: vector.commitment,
      tickets_hash: vector.tickets_hash,
      numbers: vector.numbers,
      machine_numbers: vector.machine_numbers,
    };
    const oks = async (draw: typeof honest, ids = vector.ticket_ids) =>
      Object.fromEntries((await verifyDraw(draw, ids)).map((check) => [check.id, check.ok]));

    // A ticket dropped after close: the list no longer matches the published hash.
    expect(await oks(honest, vector.ticket_ids.slice(1))).toMatchObject({ tickets: false, balls: true });
    // Balls swapped: order matters.
    const [a = 0, b = 0, ...rest] = vector.numbers;
    expect(await oks({ ...honest, numbers: [b, a, ...rest] })).toMatchObject({ balls: false, machine: true });
    // Another seed than the one committed to.
    expect(await oks({ ...honest, seed: vectors[0]?.seed_hex ?? '' })).toMatchObject({ commitment: false });
  });

  it('refuses text that is not hex', () => {
    expect(() => hexToBytes('abc')).toThrow();
    expect(() => hexToBytes('zz')).toThrow();
  });
});
