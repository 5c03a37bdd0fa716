import { describe, expect, it } from 'vitest';
import { blockMessageV2, numbersFromV2, verifyAllTickets, verifyDrawV2, witnessCommitmentOf, type DrawToVerifyV2 } from './fair-v2';
import { hexToBytes } from './fair';
import { leafHash, merkleRoot } from './merkle';

// A worked example computed independently (Python's hashlib and hmac), until the server's published vectors
// (docs/vectors/ayo-lotto-v2.json, fair-v2.vectors.test.ts) pin the scheme for every implementation.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMITMENT = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SECRET = '202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f';
const SECRET_COMMITMENT = '72dbb7336c76780023f83da4c355f2eeea85733b13d3477697917790c1229084';

const noWitness: DrawToVerifyV2 = {
  id: 42,
  status: 'settled',
  seed: SEED,
  commitment: COMMITMENT,
  tickets_root: EMPTY_ROOT,
  witness: null,
  numbers: [36, 39, 44, 48, 51],
  machine_numbers: [73, 3, 87, 74, 48],
};

const witnessed: DrawToVerifyV2 = {
  ...noWitness,
  witness: { commitment: SECRET_COMMITMENT, secret: SECRET },
  numbers: [74, 89, 76, 38, 5],
  machine_numbers: [70, 49, 59, 35, 87],
};

const oks = async (draw: DrawToVerifyV2) =>
  Object.fromEntries((await verifyDrawV2(draw)).map((check) => [check.id, check.notApplicable ? 'n/a' : check.ok]));

describe('the browser verifier, ayo-lotto/v2', () => {
  it('writes the HMAC message with the root and the witness secret, empty when there is no witness', () => {
    expect(blockMessageV2('balls', 42, EMPTY_ROOT, null, 0)).toBe(`ayo-lotto/v2|balls|42|${EMPTY_ROOT}||0`);
    expect(blockMessageV2('machine', 7, EMPTY_ROOT, SECRET, 3)).toBe(`ayo-lotto/v2|machine|7|${EMPTY_ROOT}|${SECRET}|3`);
  });

  it('draws the worked example, with and without a witness', async () => {
    const seed = hexToBytes(SEED);
    expect(await numbersFromV2(seed, 'balls', 42, EMPTY_ROOT, null)).toEqual([36, 39, 44, 48, 51]);
    expect(await numbersFromV2(seed, 'machine', 42, EMPTY_ROOT, null)).toEqual([73, 3, 87, 74, 48]);
    expect(await numbersFromV2(seed, 'balls', 42, EMPTY_ROOT, SECRET)).toEqual([74, 89, 76, 38, 5]);
    expect(await numbersFromV2(seed, 'machine', 42, EMPTY_ROOT, SECRET)).toEqual([70, 49, 59, 35, 87]);
  });

  it('hashes the witness secret as 32 raw bytes, not as its hex text', async () => {
    expect(await witnessCommitmentOf(SECRET)).toBe(SECRET_COMMITMENT);
  });

  it('passes an honest draw with no witness, saying there was none', async () => {
    expect(await oks(noWitness)).toEqual({ commitment: true, witness: 'n/a', balls: true, machine: true });
    const [, witness] = await verifyDrawV2(noWitness);
    expect(witness?.title).toBe('No witness for this draw');
  });

  it('passes an honest draw with a witness', async () => {
    expect(await oks(witnessed)).toEqual({ commitment: true, witness: true, balls: true, machine: true });
  });

  it('fails each check a tampered draw breaks', async () => {
    // Another seed than the one committed to.
    expect(await oks({ ...witnessed, commitment: SECRET_COMMITMENT })).toMatchObject({ commitment: false, balls: true });
    // A witness secret that is not the one committed: the balls it gives are not the drawn ones either.
    const otherSecret = SEED;
    expect(await oks({ ...witnessed, witness: { commitment: SECRET_COMMITMENT, secret: otherSecret } })).toMatchObject({
      witness: false,
      balls: false,
    });
    // The witness left out of the message: the draw published its balls with the witness, so they do not follow.
    expect(await oks({ ...witnessed, witness: null })).toMatchObject({ balls: false, machine: false });
    // Another root: a ticket added or dropped after close.
    expect(await oks({ ...noWitness, tickets_root: COMMITMENT })).toMatchObject({ balls: false, machine: false });
    // Order matters.
    expect(await oks({ ...noWitness, numbers: [39, 36, 44, 48, 51] })).toMatchObject({ balls: false, machine: true });
  });

  it('fails, in words, a draw whose witness has not revealed, or whose root is missing', async () => {
    const unrevealed = await verifyDrawV2({ ...witnessed, witness: { commitment: SECRET_COMMITMENT, secret: null } });
    expect(unrevealed.map((check) => [check.id, check.ok])).toEqual([
      ['commitment', true],
      ['witness', false],
      ['balls', false],
      ['machine', false],
    ]);
    expect(unrevealed[2]?.detail).toMatch(/secret is not revealed/);
    const rootless = await verifyDrawV2({ ...noWitness, tickets_root: null });
    expect(rootless[2]?.detail).toMatch(/tickets root is not published/);
    await expect(verifyDrawV2({ ...noWitness, seed: null })).rejects.toThrow(/not revealed/);
  });

  it('checks a cancelled draw against the balls it would have drawn', async () => {
    const cancelled = { ...noWitness, status: 'cancelled' as const, numbers: null, machine_numbers: null };
    expect(await oks({ ...cancelled, would_be_numbers: [36, 39, 44, 48, 51] })).toEqual({
      commitment: true,
      witness: 'n/a',
      balls: true,
      machine: 'n/a',
    });
    expect(await oks({ ...cancelled, would_be_numbers: [1, 2, 3, 4, 5] })).toMatchObject({ balls: false });
  });

  it('rebuilds the root from every leaf, listed as hashes or as leaf data', async () => {
    const data = ['a', 'b', 'c'].map((player, i) => `ayo-lotto/v2|ticket|42|${i + 1}|${player}|NAP1|${i + 1}||||5000|1|5000|40|100`);
    const leaves = await Promise.all(data.map(leafHash));
    const root = await merkleRoot(leaves);
    expect((await verifyAllTickets({ tickets_root: root, ticket_count: 3 }, leaves)).ok).toBe(true);
    expect((await verifyAllTickets({ tickets_root: root, ticket_count: 3 }, data)).ok).toBe(true);
    expect((await verifyAllTickets({ tickets_root: root, ticket_count: 3 }, leaves.slice(1))).ok).toBe(false);
    await expect(verifyAllTickets({ tickets_root: root, ticket_count: 1 }, ['not a leaf'])).rejects.toThrow();
  });
});
