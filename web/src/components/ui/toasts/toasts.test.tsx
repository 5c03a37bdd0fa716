import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from '@/lib/toast-store';
import { Toasts } from '@/components/ui/toasts/toasts';

afterEach(() => {
  act(() => toastStore.set([]));
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announce a message politely and leave after 3500 ms', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      toast.error('Please login to continue');
    });
    const message = screen.getByRole('status');
    expect(message).toHaveTextContent('Please login to continue');
    expect(message.parentElement).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(3499));
    expect(screen.queryByText('Please login to continue')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Please login to continue')).not.toBeInTheDocument();
  });

  it('show the same message once, and at most three at a time', () => {
    render(<Toasts />);
    act(() => {
      toast.error('Same');
      toast.error('Same');
      toast.info('One');
      toast.info('Two');
      toast.info('Three');
    });
    // 'Same' came first, so it is the one that gave way.
    expect(screen.getAllByRole('status').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'One',
      'Two',
      'Three',
    ]);
  });
});
