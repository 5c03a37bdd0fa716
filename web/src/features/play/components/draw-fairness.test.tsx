import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/testing/data';
import { makeOpenDraw } from '@/testing/lotto';
import type { Draw } from '@/types/lotto';
import { DrawFairness, shortHash } from './draw-fairness';

afterEach(() => vi.unstubAllGlobals());

const COMMITMENT = '3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d';
const KEY = 'a'.repeat(64);

const makeDraw = (overrides: Partial<Draw> = {}) => makeOpenDraw({ commitment: COMMITMENT, ...overrides });

function renderFairness(draw: Draw) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DrawFairness draw={draw} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Fairness of draw 31' });
}

describe('what a player sees before buying', () => {
  it('shows the commitment, shortened, with a button that copies all of it', () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    const region = renderFairness(makeDraw());
    expect(within(region).getByText('3e23e816…d59c009d')).toHaveAttribute('title', COMMITMENT);
    expect(within(region).getByRole('button', { name: 'Copy the commitment of draw 31' })).toBeInTheDocument();
    expect(shortHash(COMMITMENT)).toBe('3e23e816…d59c009d');
  });

  it('names the witness, and says when the operator runs it for the demo only', async () => {
    const note = 'Run by the operator, for the demo only: not an independent witness';
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /witnesses': { body: { data: { witnesses: [{ name: 'Demo witness', public_key: KEY, since: '', note }] } } },
      }).fetchMock,
    );
    const witness = { name: 'Demo witness', public_key: KEY, commitment: 'b'.repeat(64), secret: null };
    const region = renderFairness(makeDraw({ witness }));
    expect(within(region).getByTestId('draw-witness')).toHaveTextContent('Witness Demo witness');
    expect(await within(region).findByText(/run by the operator, for the demo only/i)).toBeInTheDocument();
  });

  it('names the drand round of a beacon draw', () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    const beacon = {
      network: 'quicknet',
      chain_hash: 'c'.repeat(64),
      round: 1234567,
      deadline: new Date().toISOString(),
      signature: null,
      randomness: null,
    };
    const region = renderFairness(makeDraw({ beacon }));
    expect(within(region).getByTestId('draw-beacon')).toHaveTextContent('drand quicknet round 1234567');
    expect(within(region).queryByTestId('draw-witness')).toBeNull();
  });
});
