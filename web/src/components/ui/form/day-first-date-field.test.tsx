import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangeFields } from './date-range-fields';

/** A range as a filter holds it (`YYYY-MM-DD`), with what the parent heard. */
function Range({ heard, initial = { from: '', to: '' } }: { heard: string[]; initial?: { from: string; to: string } }) {
  const [range, setRange] = useState(initial);
  const error = range.from && range.to && range.from > range.to ? 'The end date is before the start date' : null;
  return (
    <>
      <DateRangeFields
        id="range"
        from={range.from}
        to={range.to}
        error={error}
        onFrom={(from) => {
          heard.push(`from=${from}`);
          setRange({ ...range, from });
        }}
        onTo={(to) => {
          heard.push(`to=${to}`);
          setRange({ ...range, to });
        }}
      />
      <button type="button" onClick={() => setRange({ from: '', to: '' })}>
        Clear
      </button>
    </>
  );
}

describe('a day-first date field', () => {
  it('reads 26/11/2026 as the 26th of November, whatever the browser’s own order', async () => {
    const heard: string[] = [];
    render(<Range heard={heard} />);
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(from).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(from, '26112026');
    expect(from).toHaveValue('26/11/2026');
    expect(heard).toEqual(['from=2026-11-26']);
  });

  it('names the field when what is typed is not a day, and tells the parent nothing', async () => {
    const heard: string[] = [];
    render(<Range heard={heard} />);
    const to = screen.getByRole('textbox', { name: 'To' });
    await userEvent.type(to, '31/02/2026');
    expect(to).toHaveAccessibleDescription('Enter the end date as DD/MM/YYYY, e.g. 26/11/2026');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    const from = screen.getByRole('textbox', { name: 'From' });
    await userEvent.type(from, '5/1');
    expect(from).not.toHaveAccessibleDescription(/DD\/MM\/YYYY/);
    await userEvent.tab();
    expect(from).toHaveAccessibleDescription('Enter the start date as DD/MM/YYYY, e.g. 26/11/2026');
    expect(heard).toEqual([]);
  });

  it('shows the range’s error under To, and a value set from outside as day first', async () => {
    const heard: string[] = [];
    render(<Range heard={heard} initial={{ from: '2026-11-20', to: '' }} />);
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('20/11/2026');
    const to = screen.getByRole('textbox', { name: 'To' });
    await userEvent.type(to, '01/11/2026');
    expect(to).toHaveAccessibleDescription('The end date is before the start date');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('');
    expect(to).toHaveValue('');
  });
});
