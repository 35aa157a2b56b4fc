import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
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
  /** The words beside the cell when the table stacks on a phone (default: the header, if it is text). */
  label?: string;
};

/**
 * On a phone (below `sm`), each row becomes a card: one line per cell with its column's name in
 * front, so the last columns are read without scrolling sideways (issue 59). The header stays
 * for screen readers; nothing is rendered twice.
 */
const STACKED = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:block max-sm:px-1 max-sm:py-2",
  cell: "max-sm:flex max-sm:max-w-none max-sm:items-start max-sm:gap-3 max-sm:px-3 max-sm:py-1 max-sm:text-left max-sm:whitespace-normal max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:pt-0.5 max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]",
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
  stackOnPhone = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowTestId?: string;
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  empty?: ReactNode;
  /** Each row a card on a phone, for tables whose last columns matter (see STACKED). */
  stackOnPhone?: boolean;
}) {
  const stack = (part: keyof typeof STACKED) => (stackOnPhone ? STACKED[part] : undefined);
  const labelOf = (c: Column<Row>) => c.label ?? (typeof c.header === "string" ? c.header : "");
  return (
    <Table caption={caption} className={stack("table")}>
      <THead className={stack("head")}>
        <tr>
          {columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; a header may be an element.
            <TH key={i} numeric={c.numeric} className={c.headerClassName}>
              {c.header}
            </TH>
          ))}
        </tr>
      </THead>
      <TBody className={stack("body")}>
        {rows.length === 0 && empty !== undefined ? (
          <TableEmptyRow colSpan={columns.length}>{empty}</TableEmptyRow>
        ) : null}
        {rows.map((row) => (
          <TR key={row.id} data-testid={rowTestId} className={stack("row")} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              <TD
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                key={i}
                numeric={c.numeric}
                className={cn(c.className, stack("cell"))}
                title={c.title?.(row)}
                data-label={stackOnPhone ? labelOf(c) : undefined}
              >
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
