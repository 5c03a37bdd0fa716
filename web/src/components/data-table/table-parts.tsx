/**
 * What every table of the app draws the same way, whether the server pages it (DataTable) or sends it whole
 * (the admin's LocalTable): the body rows, with the naming cell as a row header, and the card list that replaces
 * the table below 720 px.
 */
import type { ReactNode } from 'react';
import type { Column } from './column';

type RowsProps<T> = {
  columns: (Column<T> & { hideLabel?: boolean })[];
  rows: T[];
  rowKey: (row: T) => string | number;
};

const numericClass = (column: { numeric?: boolean }) => (column.numeric ? 'data-table__numeric' : undefined);

/** The table's `<tbody>`. */
export function TableRows<T>({ columns, rows, rowKey }: RowsProps<T>) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={rowKey(row)}>
          {columns.map((column) =>
            column.rowHeader ? (
              <th key={column.key} scope="row" className={numericClass(column)}>
                {column.cell(row)}
              </th>
            ) : (
              <td key={column.key} className={numericClass(column)}>
                {column.cell(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </tbody>
  );
}

/** One card per row for narrow screens; `renderCard` replaces the label/value list when given. */
export function DataCards<T>({
  caption,
  columns,
  rows,
  rowKey,
  renderCard,
}: RowsProps<T> & { caption: string; renderCard?: (row: T) => ReactNode }) {
  return (
    <ul className="data-cards" aria-label={caption}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="data-card">
          {renderCard ? (
            renderCard(row)
          ) : (
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
          )}
        </li>
      ))}
    </ul>
  );
}
