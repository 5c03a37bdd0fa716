import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Column } from './column';
import { DataTable } from './data-table';
import { defaultTableQuery, pageCount, tableParams, toggleSort, type TableQuery } from './table-query';

describe('table query (docs/product.md §15)', () => {
  it('starts at page 1, 20 a page, newest first', () => {
    expect(tableParams(defaultTableQuery)).toEqual({ page: 1, per_page: 20, sort_by: 'created_at', sort_type: 'desc' });
  });

  it('sends a search instead of the page', () => {
    expect(tableParams({ ...defaultTableQuery, search: ' lucky ' })).toEqual({
      per_page: 20,
      sort_by: 'created_at',
      sort_type: 'desc',
      search: 'lucky',
    });
    expect(tableParams({ ...defaultTableQuery, search: 'lucky', page: 2 })).toMatchObject({ page: 2, search: 'lucky' });
  });

  it('sorts a new column descending, flips the same one, and goes back to page 1', () => {
    const byStake = toggleSort({ ...defaultTableQuery, page: 3 }, 'total_stake');
    expect(byStake).toMatchObject({ sortBy: 'total_stake', sortType: 'desc', page: 1 });
    expect(toggleSort(byStake, 'total_stake').sortType).toBe('asc');
    expect(toggleSort(toggleSort(byStake, 'total_stake'), 'total_stake').sortType).toBe('desc');
  });

  it('counts pages', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(45, 20)).toBe(3);
  });
});

type Row = { id: number; name: string; amount: number };
const COLUMNS: Column<Row>[] = [
  { key: 'name', header: 'Name', sortable: true, cell: (row) => row.name },
  { key: 'amount', header: 'Amount', sortable: true, numeric: true, cell: (row) => row.amount },
];

function Harness({ onQuery, total = 45 }: { onQuery: (query: TableQuery) => void; total?: number }) {
  const [query, setQuery] = useState(defaultTableQuery);
  return (
    <DataTable
      caption="Things"
      columns={COLUMNS}
      rows={[
        { id: 1, name: 'Ada', amount: 5 },
        { id: 2, name: 'Bayo', amount: 7 },
      ]}
      total={total}
      rowKey={(row) => row.id}
      query={query}
      onQueryChange={(next) => {
        onQuery(next);
        setQuery(next);
      }}
    />
  );
}

describe('the data table', () => {
  it('shows rows, sorts by a header and says which way', async () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(table).getByRole('button', { name: /Amount/ }));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ sortBy: 'amount', sortType: 'desc' }));
    expect(within(table).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages, and offers 25, 50 and 100 a page besides the default 20', async () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    const size = screen.getByLabelText('Rows per page');
    expect([...(size as HTMLSelectElement).options].map((option) => option.value)).toEqual(['20', '25', '50', '100']);
    await userEvent.selectOptions(size, '50');
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ perPage: 50, page: 1 }));
  });

  it('makes a row-header column head its row', () => {
    render(
      <DataTable
        caption="Named things"
        columns={[{ ...COLUMNS[0]!, rowHeader: true }, COLUMNS[1]!]}
        rows={[{ id: 1, name: 'Ada', amount: 5 }]}
        total={1}
        rowKey={(row) => row.id}
        query={defaultTableQuery}
        onQueryChange={() => undefined}
      />,
    );
    const table = screen.getByRole('table', { name: 'Named things' });
    expect(within(table).getByRole('rowheader', { name: 'Ada' })).toHaveAttribute('scope', 'row');
    expect(within(table).getByRole('row', { name: /Ada/ })).toHaveTextContent('5');
  });

  it('searches once typing pauses', () => {
    vi.useFakeTimers();
    try {
      const onQuery = vi.fn();
      render(<Harness onQuery={onQuery} />);
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Ada' } });
      expect(onQuery).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(300);
      });
      expect(onQuery).toHaveBeenCalledWith(expect.objectContaining({ search: 'Ada', page: 1 }));
    } finally {
      vi.useRealTimers();
    }
  });
});
