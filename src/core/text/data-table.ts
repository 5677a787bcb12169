// A table of values behind a chart (its accessible view and its CSV export): typed columns and
// rows of plain cells.

export interface DataTable {
  columns: { label: string; format: 'text' | 'int' | 'pct' | 'bool' }[];
  rows: (string | number | boolean | null)[][];
}
