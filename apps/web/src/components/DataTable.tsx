// A read-only table of rows: a heading per column, a row per item, what each column shows of it.
import type { ReactNode } from 'react';

export interface Column<Row> {
  head: ReactNode;
  /** The heading's tooltip. */
  title?: string;
  /** What the row shows in this column (the content of its cell). */
  cell: (row: Row) => ReactNode;
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowData,
  className,
  label,
  caption,
  footer,
}: {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** `data-*` attributes of a row's `<tr>`. */
  rowData?: (row: Row) => Record<`data-${string}`, string | boolean>;
  className: string;
  label?: string;
  caption?: string;
  footer?: ReactNode;
}) {
  return (
    <table className={className} aria-label={label}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" title={column.title}>
              {column.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)} {...rowData?.(row)}>
            {columns.map((column, index) => (
              <td key={index}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer}
    </table>
  );
}
