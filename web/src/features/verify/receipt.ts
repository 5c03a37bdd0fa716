/**
 * A player's receipt (`ayo-lotto/v2`): proof that their ticket, exactly as bought, is one leaf of the Merkle tree
 * whose root the draw published at close, and so one of the tickets the balls were drawn from. Checked here:
 *
 * (a) the receipt's leaf data describes the ticket shown (draw, ticket, bet, numbers, stake, lines, total, and the
 *     terms when the ticket carries them);
 * (b) the leaf is SHA-256(0x00 ‖ that text);
 * (c) the proof leads from the leaf to the receipt's root (RFC 9162 §2.1.3.2);
 * (d) that root is the draw's published `tickets_root`;
 * (e) once drawn, the balls follow from the revealed seed, the witness's secret and that root.
 *
 * The leaf data is `ayo-lotto/v2|ticket|{draw_id}|{ticket_id}|{player}|{bet_type}|{numbers}|{top}|{bottom}|
 * {stake_per_line}|{lines}|{total_stake}|{multiplier}|{payout_cap}` (lists comma-separated, amounts in kobo).
 */
import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { Draw, Ticket, TicketReceipt } from '@/types/lotto';
import type { Check } from './check';
import { drawToVerifyV2, SCHEME_V2, verifyDrawV2 } from './fair-v2';
import { leafHash, verifyInclusion } from './merkle';

/** The ticket as the player sees it: what its receipt must describe. */
export type TicketShown = Pick<
  Ticket,
  'id' | 'draw_id' | 'bet_type' | 'numbers' | 'top' | 'bottom' | 'stake_per_line' | 'lines' | 'total_stake' | 'terms'
>;

/** The fields of the leaf data, in order, with the words a player reads for each. */
const FIELDS = [
  ['scheme', 'scheme'],
  ['kind', 'kind'],
  ['draw_id', 'draw number'],
  ['ticket_id', 'ticket number'],
  ['player', 'player'],
  ['bet_type', 'bet type'],
  ['numbers', 'numbers'],
  ['top', 'TOP numbers'],
  ['bottom', 'BOTTOM numbers'],
  ['stake_per_line', 'stake per line'],
  ['lines', 'lines'],
  ['total_stake', 'total stake'],
  ['multiplier', 'multiplier'],
  ['payout_cap', 'payout cap'],
] as const;

type FieldKey = (typeof FIELDS)[number][0];
export type LeafFields = Record<FieldKey, string>;

/** The leaf data split into its named fields, or null when it does not have exactly their number. */
export function parseLeafData(text: string): LeafFields | null {
  const parts = text.split('|');
  if (parts.length !== FIELDS.length) return null;
  return Object.fromEntries(FIELDS.map(([key], i) => [key, parts[i] ?? ''])) as LeafFields;
}

const list = (numbers: readonly number[] | null | undefined) => (numbers ?? []).join(',');

/** What each field must say for this ticket and player (terms only when the ticket carries them). */
function expectedFields(ticket: TicketShown, player: string): Partial<LeafFields> {
  return {
    scheme: SCHEME_V2,
    kind: 'ticket',
    draw_id: String(ticket.draw_id),
    ticket_id: String(ticket.id),
    player,
    bet_type: ticket.bet_type,
    numbers: list(ticket.numbers),
    top: list(ticket.top),
    bottom: list(ticket.bottom),
    stake_per_line: String(ticket.stake_per_line),
    lines: String(ticket.lines),
    total_stake: String(ticket.total_stake),
    ...(ticket.terms
      ? { multiplier: String(ticket.terms.multiplier), payout_cap: String(ticket.terms.payout_cap) }
      : {}),
  };
}

/** The fields, in words, where the receipt's leaf data and the ticket shown disagree (empty when they agree). */
export function leafDataMismatches(ticket: TicketShown, receipt: Pick<TicketReceipt, 'leaf_data' | 'player'>): string[] {
  const fields = parseLeafData(receipt.leaf_data);
  if (!fields) return ['the layout of the text'];
  const expected = expectedFields(ticket, receipt.player);
  return FIELDS.filter(([key]) => expected[key] !== undefined && expected[key] !== fields[key]).map(([, words]) => words);
}

/** Runs checks (a)–(e) of a receipt against the ticket shown and its draw as published now. */
export async function verifyReceipt(ticket: TicketShown, receipt: TicketReceipt, draw: Draw): Promise<Check[]> {
  const mismatches = leafDataMismatches(ticket, receipt);
  const leaf = await leafHash(receipt.leaf_data);
  const included = await verifyInclusion({
    leaf,
    index: receipt.index,
    treeSize: receipt.tree_size,
    proof: receipt.proof,
    root: receipt.root,
  });
  const published = draw.tickets_root ?? null;
  const steps = receipt.proof.length;
  return [
    {
      id: 'leaf-data',
      title: 'The receipt describes this ticket',
      ok: mismatches.length === 0,
      detail:
        mismatches.length === 0
          ? 'Its text names this draw and this ticket, with your bet type, numbers, stake per line, lines and total stake exactly as shown.'
          : `Its text differs from the ticket shown in: ${mismatches.join(', ')}.`,
      values: [{ label: 'Receipt text', value: receipt.leaf_data }],
    },
    {
      id: 'leaf',
      title: 'The receipt\u2019s fingerprint is the SHA-256 of that text',
      ok: leaf === receipt.leaf,
      detail: 'A leaf of the tree is SHA-256 of a zero byte followed by the receipt text.',
      values: [
        { label: 'Worked out here', value: leaf },
        { label: 'On the receipt', value: receipt.leaf },
      ],
    },
    {
      id: 'proof',
      title: 'The proof leads from your ticket to the root',
      ok: included,
      detail: `Hashing your leaf with the ${steps} sibling hash${steps === 1 ? '' : 'es'} of the proof, as RFC 9162 says, must give the root of a tree of ${receipt.tree_size} ticket${receipt.tree_size === 1 ? '' : 's'} with yours at position ${receipt.index + 1}.`,
      values: [
        { label: 'Root on the receipt', value: receipt.root },
        ...receipt.proof.map((hash, i) => ({ label: `Proof step ${i + 1}`, value: hash })),
      ],
    },
    {
      id: 'published-root',
      title: 'That root is the one the draw published at close',
      ok: published !== null && published === receipt.root,
      detail: published
        ? 'The draw\u2019s tickets root, public since sales closed, must be the root your proof leads to: then your ticket is one of the tickets the balls were drawn from.'
        : 'The draw has no published tickets root.',
      values: [
        { label: 'Root on the receipt', value: receipt.root },
        { label: 'Published by the draw', value: published ?? 'missing' },
      ],
    },
    await drawCheck(draw, receipt.root),
  ];
}

const PART: Partial<Record<Check['id'], string>> = {
  commitment: 'Seed',
  witness: 'Witness',
  balls: 'Balls',
  machine: 'Machine numbers',
};

/** (e): the balls from the revealed seed, the witness's secret and the receipt's root; or why not yet. */
async function drawCheck(draw: Draw, root: string): Promise<Check> {
  const outcome = draw.numbers ?? draw.would_be_numbers ?? null;
  if (!draw.seed || !outcome) {
    const cancelled = draw.status === 'cancelled';
    return {
      id: 'draw',
      title: cancelled ? 'The draw was cancelled: there are no balls to check' : 'The balls are not drawn yet',
      ok: true,
      notApplicable: true,
      detail: cancelled
        ? `Every ticket was refunded in full${draw.cancelled_reason ? ` (${draw.cancelled_reason})` : ''}.`
        : `Come back after the draw (${formatDateTimeWAT(draw.draws_at)}) to check that its balls follow from this root.`,
      values: [],
    };
  }
  const checks = await verifyDrawV2({ ...drawToVerifyV2(draw), tickets_root: root });
  const counted = checks.filter((check) => !check.notApplicable);
  return {
    id: 'draw',
    title: draw.witness
      ? 'The balls follow from the revealed seed, the witness\u2019s secret and that root'
      : 'The balls follow from the revealed seed and that root',
    ok: counted.every((check) => check.ok),
    detail: checks
      .map((check) => `${check.title}: ${check.notApplicable ? 'nothing to check' : check.ok ? 'yes' : 'no'}.`)
      .join(' '),
    values: checks.flatMap((check) =>
      check.values.map(({ label, value }) => ({ label: `${PART[check.id] ?? check.id} · ${label}`, value })),
    ),
  };
}
