import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ProtectionBadge } from './protection-badge';

it("names a self-exclusion's last day as staff read it", () => {
  // Ends at 23:30 UTC on 25 Nov 2027: already 26 Nov in Lagos.
  render(
    <ProtectionBadge
      protection={{ kind: 'self_exclusion', period: '1y', starts_at: '2026-11-25T23:30:00Z', ends_at: '2027-11-25T23:30:00Z' }}
    />,
  );
  expect(screen.getByText('Self-excluded until 26 Nov 2027')).toBeInTheDocument();
});

it('gives a time-out its end to the minute, in WAT', () => {
  render(
    <ProtectionBadge protection={{ kind: 'timeout', period: '24h', starts_at: '2026-11-27T20:30:00Z', ends_at: '2026-11-28T20:30:00Z' }} />,
  );
  expect(screen.getByText('Time-out until 28 Nov 2026, 9:30 pm WAT')).toBeInTheDocument();
});

it('shows nothing for a player with no break', () => {
  const { container } = render(<ProtectionBadge protection={null} />);
  expect(container).toBeEmptyDOMElement();
});
