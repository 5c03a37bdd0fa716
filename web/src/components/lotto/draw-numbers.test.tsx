import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALL_STEP_MS, markLanded, resetLandedDraws, REVEAL_MS } from '@/lib/landed-draws';
import { makeDraw } from '@/testing/lotto';
import { DrawNumbers } from './draw-numbers';

afterEach(() => {
  vi.useRealTimers();
  resetLandedDraws();
});

const drawn = makeDraw({ id: 42, status: 'drawn', numbers: [3, 36, 39, 44, 48], machine_numbers: null });

describe('a draw’s balls', () => {
  it('come out one by one when the draw landed live, and the result is said once when the last is out', () => {
    vi.useFakeTimers();
    markLanded(42, Date.now());
    render(<DrawNumbers draw={drawn} rowClassName="row" labelClassName="label" />);
    const list = screen.getByRole('list', { name: /Winning numbers of draw 42/ });
    expect(list).toHaveClass('balls--reveal');
    expect(list).toHaveAttribute('aria-busy', 'true');
    const delays = screen.getAllByRole('listitem').map((ball) => ball.style.animationDelay);
    expect(delays).toEqual([0, 1, 2, 3, 4].map((i) => `${i * BALL_STEP_MS}ms`));
    expect(screen.getByTestId('draw-announcement-42')).toBeEmptyDOMElement();

    act(() => vi.advanceTimersByTime(REVEAL_MS));
    expect(list).not.toHaveClass('balls--reveal');
    expect(screen.getByTestId('draw-announcement-42')).toHaveTextContent('Draw 42 result: 3, 36, 39, 44, 48.');
  });

  it('carries on mid-reveal when the result is shown again (a draw moving from "Drawing now" to "Results")', () => {
    markLanded(42, Date.now() - 2 * BALL_STEP_MS);
    render(<DrawNumbers draw={drawn} rowClassName="row" labelClassName="label" />);
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    const delay = Number.parseInt(first.style.animationDelay, 10);
    expect(delay).toBeLessThanOrEqual(-2 * BALL_STEP_MS);
  });

  it('are all there at once for a result not seen live, and nothing is announced', () => {
    render(<DrawNumbers draw={drawn} rowClassName="row" labelClassName="label" />);
    const list = screen.getByRole('list', { name: /Winning numbers of draw 42/ });
    expect(list).not.toHaveClass('balls--reveal');
    expect(list).not.toHaveAttribute('aria-busy');
    expect(screen.getByTestId('draw-announcement-42')).toBeEmptyDOMElement();
  });

  it('announce a draw once however many copies the page shows', () => {
    vi.useFakeTimers();
    markLanded(42, Date.now());
    render(
      <>
        <DrawNumbers draw={drawn} rowClassName="row" labelClassName="label" />
        <DrawNumbers draw={drawn} rowClassName="row" labelClassName="label" />
      </>,
    );
    act(() => vi.advanceTimersByTime(REVEAL_MS));
    const said = screen.getAllByTestId('draw-announcement-42').filter((region) => region.textContent);
    expect(said).toHaveLength(1);
  });
});
