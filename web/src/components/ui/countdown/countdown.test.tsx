import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock, setServerOffset } from '@/lib/server-clock';
import { Countdown } from './countdown';

const NOW = Date.parse('2026-11-22T19:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  resetServerClock();
});

afterEach(() => {
  vi.useRealTimers();
  resetServerClock();
});

describe('the countdown', () => {
  it('counts on the server clock, names itself to the minute, and says "Sales closed" at the close', () => {
    // The server is 60 s ahead of this phone.
    setServerOffset(60_000);
    render(<Countdown to="2026-11-22T19:03:30.000Z" />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer).toHaveTextContent('02min30sec');
    expect(timer).toHaveAccessibleName('Sales close in 3 minutes');

    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(timer).toHaveTextContent('02min25sec');
    // Unchanged: the accessible name moves only when the minute does.
    expect(timer).toHaveAccessibleName('Sales close in 3 minutes');

    act(() => {
      vi.advanceTimersByTime(146_000);
    });
    expect(screen.getByRole('timer')).toHaveAccessibleName('Sales closed');
    expect(screen.getByRole('timer')).toHaveTextContent('Sales closed');
  });

  it('shows days when there are some', () => {
    render(<Countdown to="2026-11-24T21:04:05.000Z" size="small" />);
    expect(screen.getByRole('timer')).toHaveTextContent('2d02h04m05s');
  });
});
