import type { ReactNode } from 'react';

/** One column of a `DataTable` or a `LocalTable`: its header, how a row fills its cell, and how it sorts and aligns. */
export type Column<T> = {
  /** Unique per table; also the row field the server sorts by when `sortable`. */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** Numbers and money line up on the right. */
  numeric?: boolean;
  /** The cell that names its row (a draw's or a game's name): a row header for screen readers. */
  rowHeader?: boolean;
};
