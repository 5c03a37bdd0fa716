import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultTableQuery, PAGE_SIZE_OPTIONS } from '@/components/data-table/table-query';
import { saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { adminListPath } from '@/features/admin/api/admin-table';
import { AdminList } from '@/features/admin/components/admin-list';

type Row = { id: number; name: string };

/** A request's path and its query as an object, so the order of the parameters does not matter. */
function parts(url: string | undefined) {
  const [path = '', query = ''] = (url ?? '').split('?');
  return { path, params: Object.fromEntries(new URLSearchParams(query)) };
}

const DEFAULT = { per_page: '20', sort_by: 'created_at', sort_type: 'desc' };

describe('the admin list request (docs/product.md §15 table state)', () => {
  it('asks for page 1 of 20, newest first, by default', () => {
    expect(defaultTableQuery).toMatchObject({ page: 1, perPage: 20, sortBy: 'created_at', sortType: 'desc' });
    expect(parts(adminListPath('/admin/users', defaultTableQuery))).toEqual({
      path: '/admin/users',
      params: { ...DEFAULT, page: '1' },
    });
  });

  it('sends a search instead of the page, and the page again only when paging through results', () => {
    const search = { ...defaultTableQuery, search: ' ada ' };
    expect(parts(adminListPath('/admin/users', search)).params).toEqual({ ...DEFAULT, search: 'ada' });
    expect(parts(adminListPath('/admin/users', { ...search, page: 2 })).params).toEqual({
      ...DEFAULT,
      search: 'ada',
      page: '2',
    });
  });

  it('adds filters and leaves empty ones out', () => {
    expect(parts(adminListPath('/admin/transactions', defaultTableQuery, { type: 'withdrawal', status: '' })).params).toEqual({
      ...DEFAULT,
      page: '1',
      type: 'withdrawal',
    });
  });

  it('offers 25, 50 and 100 rows per page', () => {
    expect([...PAGE_SIZE_OPTIONS]).toEqual([25, 50, 100]);
  });
});

describe('<AdminList>', () => {
  let urls: string[];
  beforeEach(() => {
    urls = [];
    saveLogin(makeLogin({ user: makeUser({ role: 'admin' }) }));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input).replace(/^\/api\/v1/, '');
      urls.push(url);
      const rows: Row[] = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, name: `Player ${i + 1}` }));
      return new Response(JSON.stringify({ data: rows, meta: { total: 60, page: 1, per_page: 20 } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  function list(filters?: Record<string, string>) {
    return (
      <AdminList<Row>
        path="/admin/users"
        caption="Players"
        filters={filters}
        rowKey={(row) => row.id}
        searchLabel="Search players"
        columns={[{ key: 'name', header: 'Name', sortable: true, cell: (row) => row.name }]}
      />
    );
  }

  function renderList(filters?: Record<string, string>) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(<QueryClientProvider client={client}>{list(filters)}</QueryClientProvider>);
    return {
      ...view,
      setFilters: (next: Record<string, string>) =>
        view.rerender(<QueryClientProvider client={client}>{list(next)}</QueryClientProvider>),
    };
  }

  const last = () => parts(urls.at(-1)).params;

  it('pages, sorts, searches and resizes through the server, a search starting again without a page', async () => {
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('Player 1')).toBeInTheDocument();
    expect(last()).toEqual({ ...DEFAULT, page: '1' });
    expect(screen.getByText('1–20 of 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last()).toEqual({ ...DEFAULT, page: '2' }));

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(last()).toEqual({ ...DEFAULT, per_page: '50', page: '1' }));

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(last()).toEqual({ per_page: '50', sort_by: 'name', sort_type: 'desc', page: '1' }));

    await user.type(screen.getByLabelText('Search players'), 'ada');
    await waitFor(() => expect(last()).toEqual({ per_page: '50', sort_by: 'name', sort_type: 'desc', search: 'ada' }));
  });

  it('starts again at page 1 when a filter changes', async () => {
    const user = userEvent.setup();
    const view = renderList({ type: 'deposit' });
    await screen.findByText('Player 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last()).toEqual({ ...DEFAULT, type: 'deposit', page: '2' }));
    view.setFilters({ type: 'withdrawal' });
    await waitFor(() => expect(last()).toEqual({ ...DEFAULT, type: 'withdrawal', page: '1' }));
  });
});
