import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Table, TableEmptyRow, TBody, TD, TH, THead, TR } from "./table";

/** One column: its header and what each row shows in it. */
export type Column<Row> = {
  header: ReactNode;
  /** Right-aligned tabular figures (header and cells). */
  numeric?: boolean;
  headerClassName?: string;
  /** The cells' classes. */
  className?: string;
  cell: (row: Row) => ReactNode;
  /** The cell's tooltip, e.g. the whole of a truncated address. */
  title?: (row: Row) => string | undefined;
};

/**
 * A table of rows by columns, one row per item keyed by its id; `rowTestId` and `rowProps` add
 * attributes to each row; `empty`, when given, is the row shown when there is none.
 */
export function DataTable<Row extends { id: string }>({
  caption,
  columns,
  rows,
  rowTestId,
  rowProps,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowTestId?: string;
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  empty?: ReactNode;
}) {
  return (
    <Table caption={caption}>
      <THead>
        <tr>
          {columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; a header may be an element.
            <TH key={i} numeric={c.numeric} className={c.headerClassName}>
              {c.header}
            </TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 && empty !== undefined ? (
          <TableEmptyRow colSpan={columns.length}>{empty}</TableEmptyRow>
        ) : null}
        {rows.map((row) => (
          <TR key={row.id} data-testid={rowTestId} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
              <TD key={i} numeric={c.numeric} className={c.className} title={c.title?.(row)}>
                {c.cell(row)}
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** A list's first column: the row's id, shortened, as the link to its page. */
export function idColumn<Row extends { id: string }>(header: string, basePath: string): Column<Row> {
  return {
    header,
    cell: (row) => (
      <Link href={`${basePath}/${row.id}`} className="font-mono text-xs font-medium text-accent-700 hover:underline">
        {row.id.slice(0, 8)}…
      </Link>
    ),
  };
}
