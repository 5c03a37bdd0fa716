import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Answer } from '@/testing/data';
import { makeDraw, V2_EXAMPLE } from '@/testing/lotto';
import { renderUi } from '@/testing/render-ui';
import type { Draw } from '@/types/lotto';
import { leafHash, merkleRoot } from '../merkle';
import { VerifyToggle } from './verify-toggle';

afterEach(() => vi.unstubAllGlobals());

const witnessed = makeDraw({
  witness: { commitment: V2_EXAMPLE.witnessCommitment, secret: V2_EXAMPLE.witnessSecret },
  numbers: [...V2_EXAMPLE.witnessedNumbers],
  machine_numbers: [...V2_EXAMPLE.witnessedMachineNumbers],
});

async function open(draw: Draw, answers: Record<string, Answer> = {}) {
  const { fetchMock, calls } = mockFetch(answers);
  vi.stubGlobal('fetch', fetchMock);
  renderUi(<VerifyToggle draw={draw} />);
  await userEvent.click(screen.getByRole('button', { name: 'Verify this result' }));
  return calls;
}

describe('the Verify panel, by scheme', () => {
  it('checks a v2 draw with a witness line by line, in this browser', async () => {
    const calls = await open(witnessed);
    expect(await screen.findByText(/All checks passed: draw #42 is exactly what its seed, its witness and its tickets give/)).toBeInTheDocument();
    const checks = screen.getByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByText(/^Passed:/)).toHaveLength(4);
    expect(within(checks).getByText('The witness’s secret matches the witness’s commitment')).toBeInTheDocument();
    expect(
      within(checks).getByText('The winning numbers follow from the seed, the witness’s secret and the tickets root'),
    ).toBeInTheDocument();
    // Nothing to fetch: a v2 draw carries all it needs.
    expect(calls).toEqual([]);
  });

  it('fails the lines a tampered v2 draw breaks, and says so first', async () => {
    await open({ ...witnessed, witness: { commitment: V2_EXAMPLE.commitment, secret: V2_EXAMPLE.witnessSecret } });
    expect(await screen.findByText(/Draw #42 does not match its published values/)).toBeInTheDocument();
    const checks = screen.getByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByText(/^Failed:/)).toHaveLength(1);
  });

  it('offers a cancelled v2 draw’s would-be balls for checking', async () => {
    await open(
      makeDraw({ status: 'cancelled', numbers: null, machine_numbers: null, would_be_numbers: [...V2_EXAMPLE.numbers] }),
    );
    expect(await screen.findByText(/All checks passed/)).toBeInTheDocument();
    expect(screen.getByText('The numbers it would have drawn follow from the seed and the tickets root')).toBeInTheDocument();
    expect(screen.getByText('No machine numbers: the draw was cancelled')).toBeInTheDocument();
  });

  it('checks every ticket against the root on request, page by page', async () => {
    const data = ['a', 'b', 'c'].map((p, i) => `ayo-lotto/v2|ticket|42|${i + 1}|${p}|NAP1|${i + 1}||||5000|1|5000|40|100`);
    const leaves = await Promise.all(data.map(leafHash));
    const root = await merkleRoot(leaves);
    // A draw over this root (balls not matching does not matter here: only the extra check is read).
    const page = (offset: number, slice: string[], next: number | null) => ({
      body: { data: { draw_id: 42, tree_size: 3, tickets_root: root, offset, leaves: slice, next_offset: next } },
    });
    const calls = await open(makeDraw({ tickets_root: root, ticket_count: 3 }), {
      'GET /draws/42/leaves?offset=0&limit=1000': page(0, leaves.slice(0, 2), 2),
      'GET /draws/42/leaves?offset=2&limit=1000': page(2, leaves.slice(2), null),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Check every ticket too (3 tickets)' }));
    expect(await screen.findByText('✓ Every ticket is in the root the draw published.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([
      '/draws/42/leaves?offset=0&limit=1000',
      '/draws/42/leaves?offset=2&limit=1000',
    ]);
  });

  it('keeps checking v1 draws with their ticket list', async () => {
    const calls = await open(
      makeDraw({ scheme: 'ayo-lotto/v1', tickets_root: null, tickets_hash: V2_EXAMPLE.emptyRoot }),
      { 'GET /draws/42/ticket-ids': { body: { data: [], meta: { total: 0 } } } },
    );
    expect(await screen.findByText('The ticket list matches the hash published at close')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/draws/42/ticket-ids']);
  });
});
