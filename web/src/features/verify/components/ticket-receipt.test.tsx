import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, mockFetch } from '@/testing/data';
import { makeDraw, makeTicket, V2_EXAMPLE } from '@/testing/lotto';
import { renderUi } from '@/testing/render-ui';
import type { Draw, Ticket, TicketReceipt as Receipt } from '@/types/lotto';
import { bytesToHex, hexToBytes } from '../fair';
import { signedText } from '../signature';
import { numbersFromV2 } from '../fair-v2';
import { inclusionProof, leafHash, merkleRoot } from '../merkle';
import { TicketReceipt } from './ticket-receipt';

const PLAYER = '9f86d081884c7d65';
const ticket = makeTicket({ id: 1002, draw_id: 42 });
const LEAF_DATA = `ayo-lotto/v2|ticket|42|1002|${PLAYER}|PERM2|7,21,45|||5000|3|15000|240|1000000000`;

/** A draw of three tickets, the player's second, drawn honestly from its root. */
async function drawAndReceipt(): Promise<{ draw: Draw; receipt: Receipt; signed: Partial<Ticket>; key: string }> {
  const data = [
    'ayo-lotto/v2|ticket|42|1001|0123456789abcdef|NAP1|9||||5000|1|5000|40|1000000000',
    LEAF_DATA,
    'ayo-lotto/v2|ticket|42|1003|fedcba9876543210|NAP2|1,2||||5000|1|5000|240|1000000000',
  ];
  const leaves = await Promise.all(data.map(leafHash));
  const root = await merkleRoot(leaves);
  const seed = hexToBytes(V2_EXAMPLE.seed);
  const draw = makeDraw({
    tickets_root: root,
    ticket_count: 3,
    numbers: await numbersFromV2(seed, 'balls', 42, root, null),
    machine_numbers: await numbersFromV2(seed, 'machine', 42, root, null),
  });
  const receipt: Receipt = {
    scheme: 'ayo-lotto/v2',
    leaf_data: LEAF_DATA,
    leaf: leaves[1] as string,
    index: 1,
    tree_size: 3,
    proof: await inclusionProof(leaves, 1),
    root,
    player: PLAYER,
  };
  // The operator's signature on the ticket, as the server makes it when it is sold.
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const key = bytesToHex(await crypto.subtle.exportKey('raw', pair.publicKey));
  const commitment = draw.commitment ?? '';
  const text = new TextEncoder().encode(signedText(receipt.leaf, commitment));
  const signature = bytesToHex(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, text));
  const signed = { signature, signed: { leaf_data: LEAF_DATA, leaf: receipt.leaf, commitment } };
  return { draw, receipt, signed, key };
}

let receiptKey = '';

function serve(full: Ticket, draw: Draw) {
  const { fetchMock, calls } = mockFetch({
    'GET /tickets/1002': { body: { data: full } },
    'GET /draws/42': { body: { data: draw } },
    'GET /fairness/receipt-key': { body: { data: { algorithm: 'ed25519', public_key: receiptKey, signed_text: '' } } },
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => saveLogin(makeLogin()));
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

describe('a ticket receipt', () => {
  it('shows the ticket’s place and root, and passes every check of an honest draw', async () => {
    const { draw, receipt, signed, key } = await drawAndReceipt();
    receiptKey = key;
    const calls = serve({ ...ticket, ...signed, receipt }, draw);
    renderUi(<TicketReceipt ticket={ticket} />);

    const toggle = screen.getByRole('button', { name: 'Receipt' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Ticket 2 of 3 in this draw')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the tickets root of draw 42' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Verify my ticket' }));
    expect(await screen.findByText(/All checks passed: ticket #1002 is one of the tickets draw #42 published/)).toBeInTheDocument();
    const checks = screen.getByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByText(/^Passed:/)).toHaveLength(6);
    expect(within(checks).getByText('The operator signed this ticket when it was sold')).toBeInTheDocument();
    expect(within(checks).getByText('The proof leads from your ticket to the root')).toBeInTheDocument();
    // The draw is read fresh at the moment of checking, with no token.
    const drawCall = calls.find((call) => call.path === '/draws/42');
    expect(new Headers(drawCall?.init?.headers).get('Authorization')).toBeNull();
  });

  it('names what a receipt that does not describe the ticket shown gets wrong', async () => {
    const { draw, receipt, signed, key } = await drawAndReceipt();
    receiptKey = key;
    serve({ ...ticket, ...signed, receipt }, draw);
    renderUi(<TicketReceipt ticket={{ ...ticket, total_stake: 20_000 }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify my ticket' }));
    expect(await screen.findByText(/does not match what draw #42 published/)).toBeInTheDocument();
    expect(screen.getByText('Failed:', { exact: false, selector: '.verify__title > span' })).toBeInTheDocument();
    expect(screen.getByText('Its text differs from the ticket shown in: total stake.')).toBeInTheDocument();
  });

  it('says the balls are still to come when the draw has only closed', async () => {
    const { draw, receipt, signed, key } = await drawAndReceipt();
    receiptKey = key;
    serve({ ...ticket, ...signed, receipt }, { ...draw, status: 'closed', seed: null, numbers: null, machine_numbers: null });
    renderUi(<TicketReceipt ticket={ticket} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify my ticket' }));
    expect(await screen.findByText(/All checks passed/)).toBeInTheDocument();
    expect(screen.getByText('The balls are not drawn yet')).toBeInTheDocument();
    expect(screen.getAllByText(/^Passed:/)).toHaveLength(5);
  });

  it('fails the check of a ticket whose signature is not the operator\u2019s', async () => {
    const { draw, receipt, signed } = await drawAndReceipt();
    // Another key than the one that signed it.
    receiptKey = (await drawAndReceipt()).key;
    serve({ ...ticket, ...signed, receipt }, draw);
    renderUi(<TicketReceipt ticket={ticket} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify my ticket' }));
    expect(await screen.findByText(/does not match what draw #42 published/)).toBeInTheDocument();
    const checks = screen.getByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByText(/^Passed:/)).toHaveLength(5);
  });

  it('explains why there is no receipt before close, and for a v1 draw', async () => {
    const open = { ...ticket, status: 'pending' as const, draw: { ...ticket.draw!, status: 'open' as const }, receipt: null };
    serve(open, makeDraw());
    const first = renderUi(<TicketReceipt ticket={open} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    expect(await screen.findByText(/ready once sales close for draw #42/)).toBeInTheDocument();
    first.unmount();

    serve({ ...ticket, receipt: null }, makeDraw());
    renderUi(<TicketReceipt ticket={ticket} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    expect(await screen.findByText(/first scheme \(ayo-lotto\/v1\), which has no receipts/)).toBeInTheDocument();
  });

  it('names a numbered draw by its game and number while the receipt waits for close', async () => {
    const open = {
      ...ticket,
      game_name: 'Ayo Express',
      status: 'pending' as const,
      draw: { ...ticket.draw!, number: 12, status: 'open' as const },
      receipt: null,
    };
    serve(open, makeDraw());
    renderUi(<TicketReceipt ticket={open} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receipt' }));
    expect(await screen.findByText(/ready once sales close for Ayo Express draw 12:/)).toBeInTheDocument();
  });
});
