import { describe, expect, it } from 'vitest';
import type { Draw, TicketReceipt } from '@/types/lotto';
import { numbersFromV2 } from './fair-v2';
import { hexToBytes } from './fair';
import { inclusionProof, leafHash, merkleRoot } from './merkle';
import { leafDataMismatches, parseLeafData, verifyReceipt, type TicketShown } from './receipt';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMITMENT = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const PLAYER = '9f86d081884c7d65';

const mine: TicketShown = {
  id: 1002,
  draw_id: 42,
  bet_type: 'AGAINST',
  numbers: [],
  top: [7, 21],
  bottom: [45, 3, 88],
  stake_per_line: 5_000,
  lines: 6,
  total_stake: 30_000,
  terms: { multiplier: 240, payout_cap: 1_000_000_000 },
};

const MY_LEAF_DATA = `ayo-lotto/v2|ticket|42|1002|${PLAYER}|AGAINST||7,21|45,3,88|5000|6|30000|240|1000000000`;

/** The draw's tree: five tickets in id order, mine third. */
async function tree() {
  const data = [
    'ayo-lotto/v2|ticket|42|1000|0123456789abcdef|NAP1|9||||5000|1|5000|40|1000000000',
    'ayo-lotto/v2|ticket|42|1001|0123456789abcdef|PERM2|7,21,45||||5000|3|15000|240|1000000000',
    MY_LEAF_DATA,
    'ayo-lotto/v2|ticket|42|1003|fedcba9876543210|BANKER|63||||500|89|44500|240|1000000000',
    'ayo-lotto/v2|ticket|42|1004|fedcba9876543210|NAP5|1,2,3,4,5||||5000|1|5000|44000|1000000000',
  ];
  const leaves = await Promise.all(data.map(leafHash));
  const root = await merkleRoot(leaves);
  const receipt: TicketReceipt = {
    scheme: 'ayo-lotto/v2',
    leaf_data: MY_LEAF_DATA,
    leaf: leaves[2] as string,
    index: 2,
    tree_size: 5,
    proof: await inclusionProof(leaves, 2),
    root,
    player: PLAYER,
  };
  const seed = hexToBytes(SEED);
  const draw: Draw = {
    id: 42,
    game_id: 1,
    game_name: 'Ayo Express',
    game_slug: 'ayo-express',
    status: 'settled',
    scheme: 'ayo-lotto/v2',
    opens_at: '2026-11-22T18:57:00.000Z',
    closes_at: '2026-11-22T18:59:30.000Z',
    draws_at: '2026-11-22T19:00:00.000Z',
    commitment: COMMITMENT,
    tickets_hash: null,
    tickets_root: root,
    witness: null,
    ticket_count: 5,
    numbers: await numbersFromV2(seed, 'balls', 42, root, null),
    machine_numbers: await numbersFromV2(seed, 'machine', 42, root, null),
    seed: SEED,
    cancelled_reason: null,
    server_time: '2026-11-22T19:01:00.000Z',
  };
  return { receipt, draw };
}

const oks = async (ticket: TicketShown, receipt: TicketReceipt, draw: Draw) =>
  Object.fromEntries((await verifyReceipt(ticket, receipt, draw)).map((c) => [c.id, c.notApplicable ? 'n/a' : c.ok]));

describe('a ticket receipt', () => {
  it('reads the leaf data field by field', () => {
    expect(parseLeafData(MY_LEAF_DATA)).toMatchObject({ ticket_id: '1002', numbers: '', top: '7,21', bottom: '45,3,88' });
    expect(parseLeafData('ayo-lotto/v2|ticket|42')).toBeNull();
  });

  it('passes checks (a) to (e) for an honest receipt of a drawn draw', async () => {
    const { receipt, draw } = await tree();
    expect(await oks(mine, receipt, draw)).toEqual({
      'leaf-data': true,
      leaf: true,
      proof: true,
      'published-root': true,
      draw: true,
    });
  });

  it('says the balls are still to come before the draw', async () => {
    const { receipt, draw } = await tree();
    const closed = { ...draw, status: 'closed' as const, seed: null, numbers: null, machine_numbers: null };
    expect(await oks(mine, receipt, closed)).toMatchObject({ proof: true, 'published-root': true, draw: 'n/a' });
  });

  it('names the fields where the receipt and the ticket shown disagree', async () => {
    const { receipt } = await tree();
    expect(leafDataMismatches(mine, receipt)).toEqual([]);
    expect(leafDataMismatches({ ...mine, total_stake: 25_000, top: [21, 7] }, receipt)).toEqual(['TOP numbers', 'total stake']);
    expect(leafDataMismatches({ ...mine, terms: { multiplier: 2_100, payout_cap: 1_000_000_000 } }, receipt)).toEqual([
      'multiplier',
    ]);
    // A ticket from before terms were recorded: the terms are not compared.
    expect(leafDataMismatches({ ...mine, terms: null }, receipt)).toEqual([]);
    expect(leafDataMismatches(mine, { ...receipt, player: '0000000000000000' })).toEqual(['player']);
  });

  it('fails the check that a forged or swapped receipt breaks', async () => {
    const { receipt, draw } = await tree();
    // Someone else's ticket data under my ticket.
    expect(await oks({ ...mine, id: 1001 }, receipt, draw)).toMatchObject({ 'leaf-data': false, proof: true });
    // A leaf that is not the hash of the text.
    expect(await oks(mine, { ...receipt, leaf: receipt.root }, draw)).toMatchObject({ leaf: false, proof: true });
    // Text changed after the fact: its leaf no longer proves into the root.
    const changed = MY_LEAF_DATA.replace('|5000|6|30000|', '|5000|6|3000|');
    expect(await oks(mine, { ...receipt, leaf_data: changed }, draw)).toMatchObject({ 'leaf-data': false, proof: false });
    // A receipt from another tree than the one the draw published.
    expect(await oks(mine, receipt, { ...draw, tickets_root: COMMITMENT })).toMatchObject({
      proof: true,
      'published-root': false,
    });
    // A proof for another position.
    expect(await oks(mine, { ...receipt, index: 1 }, draw)).toMatchObject({ proof: false });
    // Balls that do not follow from the root.
    expect(await oks(mine, receipt, { ...draw, numbers: [1, 2, 3, 4, 5] })).toMatchObject({ draw: false });
  });
});
