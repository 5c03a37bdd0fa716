/**
 * docs/product.md §15 table state and how it travels: `page`, `per_page` (default 20), `sort_by`, `sort_type` (default
 * `created_at` desc) and `search`. docs/product.md §15: "Search applies only when present and replaces page", so a new
 * search is sent without a page (the server starts at page 1); only paging on through its results adds the page. Pure.
 */
import { useState } from 'react';

export type SortType = 'asc' | 'desc';

export type TableQuery = { page: number; perPage: number; sortBy: string; sortType: SortType; search: string };

export const DEFAULT_PER_PAGE = 20;
/** docs/product.md §19: the page sizes a player can choose. */
export const PAGE_SIZE_OPTIONS = [25, 50, 100] as const;

export const defaultTableQuery: TableQuery = {
  page: 1,
  perPage: DEFAULT_PER_PAGE,
  sortBy: 'created_at',
  sortType: 'desc',
  search: '',
};

export type TableParams = { page?: number; per_page: number; sort_by: string; sort_type: SortType; search?: string };

export function tableParams(query: TableQuery): TableParams {
  const search = query.search.trim();
  const sort = { sort_by: query.sortBy, sort_type: query.sortType };
  if (!search) return { page: query.page, per_page: query.perPage, ...sort };
  return query.page > 1
    ? { page: query.page, per_page: query.perPage, search, ...sort }
    : { per_page: query.perPage, search, ...sort };
}

/** `?page=2&per_page=20&sort_by=created_at&sort_type=desc` */
export function toSearchParams(params: object): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') out.set(key, String(value));
  }
  return out.toString();
}

/** A click on a column header: a new column starts descending; the same one flips. Back to page 1 either way. */
export function toggleSort(query: TableQuery, sortBy: string): TableQuery {
  const sortType: SortType = query.sortBy === sortBy && query.sortType === 'desc' ? 'asc' : 'desc';
  return { ...query, sortBy, sortType, page: 1 };
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

export function useTableQuery(initial: Partial<TableQuery> = {}) {
  return useState<TableQuery>({ ...defaultTableQuery, ...initial });
}
