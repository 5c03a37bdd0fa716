/**
 * Provably fair verification, `ayo-lotto/v2` (docs/fairness.md; data/src/lotto/fair.rs `Binding::V2`), with the
 * browser's WebCrypto only. The same rejection sampling as v1 (`fair.ts`); what the balls are bound to changes:
 *
 * 1. commitment = hex(SHA-256(seed bytes)), published before sales;
 * 2. the independent witness (when the draw has one) commits hex(SHA-256(secret bytes)) before sales and reveals
 *    the 32-byte secret after close; a witness that does not reveal gets the draw cancelled and refunded;
 * 3. tickets_root = the Merkle root of every accepted ticket (`merkle.ts`), published at close;
 * 4. the stream of a label ("balls", "machine") is HMAC-SHA256(key = seed bytes,
 *    "ayo-lotto/v2|{label}|{draw_id}|{tickets_root}|{witness secret hex, or nothing}|{counter}").
 *
 * Neither the operator (who knows the seed) nor the witness (who knows their secret) can know the balls before
 * both are fixed, and the root fixes every ticket before either is revealed.
 */
import type { Beacon, Draw, DrawStatus, Witness } from '@/types/lotto';
import { encodingCheck, misspelled } from './canonical';
import type { Check } from './check';
import { hexToBytes, numbersFromStream, same, sha256Hex } from './fair';
import { isHash, leafHash, merkleRoot } from './merkle';

export const SCHEME_V2 = 'ayo-lotto/v2';

/** Is this draw made under v2? (Draws without a named scheme are v1.) */
export const isV2 = (draw: Pick<Draw, 'scheme'>) => draw.scheme === SCHEME_V2;

/**
 * `ayo-lotto/v2|balls|42|<root>|<secret>|0`; with no witness the secret field is empty (`…|<root>||0`); a draw fixed
 * to a drand round adds the round's randomness before the counter (`…|<secret>|<randomness>|0`).
 */
export function blockMessageV2(
  label: string,
  drawId: number,
  ticketsRoot: string,
  witnessSecret: string | null,
  counter: number,
  beaconRandomness?: string | null,
): string {
  const beacon = beaconRandomness ? `${beaconRandomness}|` : '';
  return `${SCHEME_V2}|${label}|${drawId}|${ticketsRoot}|${witnessSecret ?? ''}|${beacon}${counter}`;
}

/** Five distinct numbers from 1–90 out of a label's v2 stream, in the order taken. */
export function numbersFromV2(
  seed: Uint8Array<ArrayBuffer>,
  label: 'balls' | 'machine',
  drawId: number,
  ticketsRoot: string,
  witnessSecret: string | null,
  beaconRandomness?: string | null,
): Promise<number[]> {
  return numbersFromStream(seed, (counter) =>
    blockMessageV2(label, drawId, ticketsRoot, witnessSecret, counter, beaconRandomness),
  );
}

/** hex(SHA-256(the 32 raw bytes of the secret)): what the witness committed to. Throws on text that is not hex. */
export function witnessCommitmentOf(secretHex: string): Promise<string> {
  return sha256Hex(hexToBytes(secretHex));
}

export type DrawToVerifyV2 = {
  id: number;
  status: DrawStatus;
  seed: string | null;
  commitment: string | null;
  tickets_root: string | null;
  witness: Witness | null;
  /** The drand round (its BLS signature is checked by `ayo verify-draw` and `check_v2.py`; here its randomness is used). */
  beacon?: Beacon | null;
  numbers: number[] | null;
  machine_numbers: number[] | null;
  /** An emergency cancel after close publishes the balls the draw would have had. */
  would_be_numbers?: number[] | null;
};

/** The fields of a draw the v2 checks read. */
export function drawToVerifyV2(draw: Draw): DrawToVerifyV2 {
  return {
    id: draw.id,
    status: draw.status,
    seed: draw.seed,
    commitment: draw.commitment,
    tickets_root: draw.tickets_root ?? null,
    witness: draw.witness ?? null,
    beacon: draw.beacon ?? null,
    numbers: draw.numbers,
    machine_numbers: draw.machine_numbers,
    would_be_numbers: draw.would_be_numbers ?? null,
  };
}

const listed = (numbers: readonly number[] | null | undefined) => (numbers?.length ? numbers.join(', ') : 'nothing');

async function witnessCheck(witness: Witness | null): Promise<Check> {
  if (!witness) {
    return {
      id: 'witness',
      title: 'No witness for this draw',
      ok: true,
      notApplicable: true,
      detail:
        'No independent witness took part in this draw, so its balls come from our seed and the tickets alone (the witness field of the message is empty).',
      values: [],
    };
  }
  if (!witness.secret) {
    return {
      id: 'witness',
      title: 'The witness has not revealed their secret',
      ok: false,
      detail:
        'Without the independent witness\u2019s secret nobody can work out the balls. A draw whose witness does not reveal it by draw time is cancelled and every ticket refunded.',
      values: [{ label: 'Witness commitment', value: witness.commitment }],
    };
  }
  let computed = 'not hexadecimal text';
  try {
    computed = await witnessCommitmentOf(witness.secret);
  } catch {
    // The secret is not 32 bytes of hex: the check fails and says so.
  }
  return {
    id: 'witness',
    title: 'The witness\u2019s secret matches the witness\u2019s commitment',
    ok: computed === witness.commitment,
    detail:
      'An independent witness fixed a secret of their own before sales and revealed it after close. Its SHA-256 must equal their commitment, so neither we nor they could pick it after seeing the tickets.',
    values: [
      { label: 'SHA-256 of the witness\u2019s secret', value: computed },
      { label: 'Witness commitment', value: witness.commitment },
      { label: 'Witness secret', value: witness.secret },
    ],
  };
}

/**
 * Recomputes a v2 draw from its revealed seed, its tickets root and its witness's secret, and says which
 * published values match: the commitment, the witness, the winning (or would-be) numbers, the machine numbers.
 */
export async function verifyDrawV2(draw: DrawToVerifyV2): Promise<Check[]> {
  if (!draw.seed) throw new Error('The seed of this draw is not revealed yet.');
  // Refused before anything is worked out: a re-spelled secret or root would give other balls (`canonical.ts`).
  const found = misspelled({
    seed: draw.seed,
    commitment: draw.commitment,
    tickets_root: draw.tickets_root,
    'witness.commitment': draw.witness?.commitment,
    'witness.secret': draw.witness?.secret,
    'beacon.randomness': draw.beacon?.randomness,
  });
  if (found.length > 0) return [encodingCheck(found)];
  const seed = hexToBytes(draw.seed);
  const commitment = await sha256Hex(seed);
  const witness = await witnessCheck(draw.witness);
  const root = draw.tickets_root;
  const secret = draw.witness?.secret ?? null;
  // The balls can be worked out only from a published root and, when there is a witness, their secret.
  const randomness = draw.beacon?.randomness ?? null;
  const computable = isHash(root) && (!draw.witness || Boolean(secret)) && (!draw.beacon || Boolean(randomness));
  const balls = computable ? await numbersFromV2(seed, 'balls', draw.id, root, secret, randomness) : null;
  const machine = computable ? await numbersFromV2(seed, 'machine', draw.id, root, secret, randomness) : null;
  const cancelled = draw.status === 'cancelled';
  const published = cancelled ? (draw.would_be_numbers ?? null) : draw.numbers;
  const withWitness = draw.witness ? ', the witness\u2019s secret' : '';
  const missing = !isHash(root)
    ? 'The tickets root is not published, so the balls cannot be worked out.'
    : 'The witness\u2019s secret is not revealed, so the balls cannot be worked out.';
  const checks: Check[] = [
    {
      id: 'commitment',
      title: 'The seed matches the commitment published before sales',
      ok: commitment === draw.commitment,
      detail:
        'The SHA-256 of the revealed seed must equal the fingerprint we published when the draw opened, so the seed cannot have been changed after tickets were sold.',
      values: [
        { label: 'SHA-256 of the seed', value: commitment },
        { label: 'Published commitment', value: draw.commitment ?? 'missing' },
      ],
    },
    witness,
    {
      id: 'balls',
      title: cancelled
        ? `The numbers it would have drawn follow from the seed${withWitness} and the tickets root`
        : `The winning numbers follow from the seed${withWitness} and the tickets root`,
      ok: balls !== null && same(published, balls),
      detail: balls
        ? 'HMAC-SHA256 of the seed over the draw, the Merkle root of every ticket and the witness\u2019s secret gives a stream of bytes; each byte below 180 becomes a ball (byte mod 90, plus 1), repeats skipped, until five.'
        : missing,
      values: [
        { label: 'Worked out here', value: listed(balls) },
        { label: cancelled ? 'Would have been drawn' : 'Drawn', value: listed(published) },
        { label: 'Tickets root', value: root ?? 'missing' },
        ...(root ? [{ label: 'First message', value: blockMessageV2('balls', draw.id, root, secret, 0) }] : []),
      ],
    },
  ];
  if (cancelled && !draw.machine_numbers) {
    checks.push({
      id: 'machine',
      title: 'No machine numbers: the draw was cancelled',
      ok: true,
      notApplicable: true,
      detail: 'A cancelled draw publishes the winning numbers it would have had, not machine numbers.',
      values: [],
    });
  } else {
    checks.push({
      id: 'machine',
      title: 'The machine numbers follow from the same values',
      ok: machine !== null && same(draw.machine_numbers, machine),
      detail: machine ? 'The same, from a second stream labelled "machine".' : missing,
      values: [
        { label: 'Worked out here', value: listed(machine) },
        { label: 'Shown', value: listed(draw.machine_numbers) },
      ],
    });
  }
  return checks;
}

/** A leaf as GET /draws/{id}/leaves lists it: its hash, or (should the list carry them) the leaf data itself. */
export function leafOfListed(entry: string): Promise<string> {
  if (entry.startsWith(`${SCHEME_V2}|ticket|`)) return leafHash(entry);
  if (isHash(entry)) return Promise.resolve(entry);
  throw new Error('The ticket list holds something that is not a leaf.');
}

/**
 * "Check every ticket": the root rebuilt from every leaf of the draw must be the published root, so no ticket
 * was added, dropped or changed after close.
 */
export async function verifyAllTickets(
  draw: Pick<Draw, 'tickets_root' | 'ticket_count'>,
  listedLeaves: readonly string[],
): Promise<Check> {
  const leaves = await Promise.all(listedLeaves.map(leafOfListed));
  const root = await merkleRoot(leaves);
  const count = leaves.length;
  return {
    id: 'all-tickets',
    title: 'Every ticket of the draw gives the published root',
    ok: root === draw.tickets_root,
    detail: `The Merkle root of all ${count} ticket${count === 1 ? '' : 's'}, in ticket order, worked out here must equal the root published when sales closed, so no ticket was added, dropped or changed afterwards.`,
    values: [
      { label: 'Root of the tickets listed', value: root },
      { label: 'Published tickets root', value: draw.tickets_root ?? 'missing' },
      { label: 'Tickets', value: String(count) },
    ],
  };
}
