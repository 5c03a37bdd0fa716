/**
 * A short list the server sends whole (the wallet adjustments filed for approval): a real table on a desk and one
 * card per row below 720 px, in the same look as the shared DataTable, with no paging.
 */
import type { ReactNode } from 'react';
import type { Column } from '@/components/data-table/column';
import { useMediaQuery } from '@/lib/use-media-query';
import { DataCards, TableRows } from '@/components/data-table/table-parts';
import '@/components/data-table/data-table.css';

/** A column that may hide its label on a card (`hideLabel`, for actions). */
export type LocalColumn<T> = Column<T> & { hideLabel?: boolean };

type Props<T> = {
  caption: string;
  columns: LocalColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
};

export function LocalTable<T>({ caption, columns, rows, rowKey, empty }: Props<T>) {
  const narrow = useMediaQuery('(max-width: 719px)');
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  if (narrow) return <DataCards caption={caption} columns={columns} rows={rows} rowKey={rowKey} />;
  return (
    <div className="table-wrap data-table__wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'data-table__numeric' : undefined}>
                {column.hideLabel ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
<TableRows columns={columns} rows={rows} rowKey={rowKey} />
      </table>
    </div>
  );
}
