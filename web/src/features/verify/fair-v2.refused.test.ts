import { describe, expect, it } from 'vitest';
// The negative vectors of ayo-lotto/v2 (docs/vectors/ayo-lotto-v2.json, `refused`), written by the server's own
// functions: each is a published draw with one value re-spelled — upper case, whitespace, wrong length, not hex —
// and with the balls the re-spelled text gives, so that only the one-spelling rule can refuse it (issue 30: one
// `e` turned `E` in a witness's secret moved the first ball, and this verifier said "verified").
import vectorsText from '../../../../docs/vectors/ayo-lotto-v2.json?raw';
import { refusalOf } from './canonical';
import { verifyDrawV2, type DrawToVerifyV2 } from './fair-v2';

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

type RefusedVector = { field: string; how: string; refusal: string; draw: DrawVector };

const { draws, refused } = JSON.parse(vectorsText) as { draws: DrawVector[]; refused: RefusedVector[] };

function published(vector: DrawVector): DrawToVerifyV2 {
  return {
    id: vector.draw_id,
    status: 'settled',
    seed: vector.seed,
    commitment: vector.commitment,
    tickets_root: vector.tickets_root,
    witness:
      vector.witness_commitment === null ? null : { commitment: vector.witness_commitment, secret: vector.witness_secret },
    numbers: vector.numbers,
    machine_numbers: vector.machine_numbers,
  };
}

const fieldValue = (vector: DrawVector, field: string) =>
  ({
    seed: vector.seed,
    commitment: vector.commitment,
    tickets_root: vector.tickets_root,
    'witness.secret': vector.witness_secret,
    'witness.commitment': vector.witness_commitment,
  })[field] ?? '';

describe('the browser verifier refuses every re-spelled draw of the negative vectors', () => {
  it('has each kind of re-spelling to refuse', () => {
    expect(new Set(refused.map((c) => c.refusal))).toEqual(new Set(['upper_case', 'whitespace', 'length', 'not_hex']));
  });

  it('the honest draw they are made from verifies', async () => {
    const checks = await verifyDrawV2(published(draws[3] as DrawVector));
    expect(checks.every((check) => check.ok)).toBe(true);
  });

  it.each(refused.map((c) => [`${c.field}: ${c.how}`, c] as const))('%s', async (_name, vector) => {
    expect(refusalOf(fieldValue(vector.draw, vector.field))).toBe(vector.refusal);
    const checks = await verifyDrawV2(published(vector.draw));
    expect(checks.some((check) => check.ok)).toBe(false);
    expect(checks.map((check) => check.id)).toEqual(['encoding']);
    expect(checks[0]?.values.map((value) => value.label)).toEqual([vector.field]);
  });
});
