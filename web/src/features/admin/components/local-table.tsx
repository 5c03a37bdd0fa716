/**
 * A short list the server sends whole (the wallet adjustments filed for approval): a real table on a desk and one
 * card per row below 720 px, in the same look as the shared DataTable, with no paging.
 */
import type { ReactNode } from 'react';
import type { Column } from '@/components/data-table/data-table';
import { useMediaQuery } from '@/lib/use-media-query';
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
  if (narrow) {
    return (
      <ul className="data-cards" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="data-card">
            <dl className="data-card__fields">
              {columns.map((column) => (
                <div
                  key={column.key}
                  className={`data-card__field${column.hideLabel ? ' data-card__field--action' : ''}`}
                >
                  <dt className={column.hideLabel ? 'visually-hidden' : undefined}>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
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
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'data-table__numeric' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
