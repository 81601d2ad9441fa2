/** A cell of an export: text, a whole number, a time, or empty. */
export type ExportCell = string | number | Date | null;

/** What a column holds, for its width (characters) and its cells' format. */
export type ColumnKind = 'name' | 'email' | 'code' | 'time' | 'amount' | 'text';
