/**
 * The docs/product.md §15 table, for the player area and the back office alike: server-side paging, sorting and search
 * over any `{data, meta.total}` list. Sortable headers are buttons with `aria-sort`; page sizes 25/50/100 (plus the
 * default 20). Below 720 px each row is a card (a definition list), because a wide table does not read on a
 * phone; a page can give its own card with `renderCard`.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { pageCount, PAGE_SIZE_OPTIONS, toggleSort, type TableQuery } from './table-query';
// The search box and the selects are form fields: their look must not depend on a form having loaded first.
import '@/components/ui/form/form.css';
import './data-table.css';
import type { Column } from './column';
import { DataCards, TableRows } from './table-parts';

type Props<T> = {
  /** Names the table (its caption) and the card list. */
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  rowKey: (row: T) => string | number;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  searchLabel?: string;
  searchPlaceholder?: string;
  emptyMessage?: ReactNode;
  renderCard?: (row: T) => ReactNode;
  /** Hide the search box. */
  noSearch?: boolean;
};

const SEARCH_DELAY_MS = 300;

export function DataTable<T>({
  caption,
  columns,
  rows,
  total,
  rowKey,
  query,
  onQueryChange,
  loading = false,
  failed = false,
  onRetry,
  searchLabel = 'Search',
  searchPlaceholder,
  emptyMessage = 'Nothing here yet.',
  renderCard,
  noSearch = false,
}: Props<T>) {
  const narrow = useMediaQuery('(max-width: 719px)');
  const id = useId();
  const [searchText, setSearchText] = useState(query.search);
  const pages = pageCount(total, query.perPage);
  const sizes = PAGE_SIZE_OPTIONS.includes(query.perPage as (typeof PAGE_SIZE_OPTIONS)[number])
    ? [...PAGE_SIZE_OPTIONS]
    : [query.perPage, ...PAGE_SIZE_OPTIONS].sort((a, b) => a - b);

  // Search as the player types, once they pause.
  useEffect(() => {
    if (searchText.trim() === query.search.trim()) return;
    const timer = setTimeout(() => onQueryChange({ ...query, search: searchText, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, query, onQueryChange]);

  const first = total === 0 ? 0 : (query.page - 1) * query.perPage + 1;
  const last = Math.min(total, query.page * query.perPage);

  let body: ReactNode;
  if (failed) {
    body = (
      <div className="empty-state">
        <p>We could not load this list.</p>
        {onRetry ? (
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    );
  } else if (!rows && loading) {
    body = (
      <div className="data-table__loading" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <span key={n} className="skeleton" style={{ height: narrow ? '7rem' : '2.5rem' }} />
        ))}
      </div>
    );
  } else if (!rows || rows.length === 0) {
    body = <div className="empty-state">{emptyMessage}</div>;
  } else if (narrow) {
    body = <DataCards caption={caption} columns={columns} rows={rows} rowKey={rowKey} renderCard={renderCard} />;
  } else {
    body = (
      <div className="table-wrap data-table__wrap">
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = query.sortBy === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.numeric ? 'data-table__numeric' : undefined}
                    aria-sort={sorted ? (query.sortType === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="data-table__sort"
                        onClick={() => onQueryChange(toggleSort(query, column.key))}
                      >
                        {column.header}
                        <span aria-hidden="true" className="data-table__arrow">
                          {sorted ? (query.sortType === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
<TableRows columns={columns} rows={rows} rowKey={rowKey} />
        </table>
      </div>
    );
  }

  const sortable = columns.filter((column) => column.sortable);
  return (
    <div className="data-table__frame" aria-busy={loading}>
      <div className="data-table__toolbar">
        {noSearch ? null : (
          <div className="field data-table__search">
            <label className="field__label" htmlFor={`${id}-search`}>
              {searchLabel}
            </label>
            <div className="field__control">
              <input
                id={`${id}-search`}
                className="field__input"
                type="search"
                value={searchText}
                placeholder={searchPlaceholder}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </div>
        )}
        {narrow && sortable.length > 0 ? (
          <div className="field data-table__sort-select">
            <label className="field__label" htmlFor={`${id}-sort`}>
              Sort by
            </label>
            <select
              id={`${id}-sort`}
              className="field__input field__select"
              value={`${query.sortBy}:${query.sortType}`}
              onChange={(event) => {
                const [sortBy = query.sortBy, sortType] = event.target.value.split(':');
                onQueryChange({ ...query, sortBy, sortType: sortType === 'asc' ? 'asc' : 'desc', page: 1 });
              }}
            >
              {sortable.flatMap((column) => [
                <option key={`${column.key}:desc`} value={`${column.key}:desc`}>
                  {column.header} ↓
                </option>,
                <option key={`${column.key}:asc`} value={`${column.key}:asc`}>
                  {column.header} ↑
                </option>,
              ])}
            </select>
          </div>
        ) : null}
      </div>

      {body}

      <div className="data-table__footer">
        <p className="data-table__range" aria-live="polite">
          {total === 0 ? 'No results' : `${first}–${last} of ${total}`}
        </p>
        <div className="field data-table__size">
          <label className="field__label" htmlFor={`${id}-size`}>
            Rows per page
          </label>
          <select
            id={`${id}-size`}
            className="field__input field__select"
            value={query.perPage}
            onChange={(event) => onQueryChange({ ...query, perPage: Number(event.target.value), page: 1 })}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <nav className="data-table__pages" aria-label={`${caption} pages`}>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={query.page <= 1}
            onClick={() => onQueryChange({ ...query, page: query.page - 1 })}
          >
            Previous
          </button>
          <span className="data-table__page">
            Page {Math.min(query.page, pages)} of {pages}
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={query.page >= pages}
            onClick={() => onQueryChange({ ...query, page: query.page + 1 })}
          >
            Next
          </button>
        </nav>
      </div>
    </div>
  );
}
