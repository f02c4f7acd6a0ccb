// CSV for the portal's client and booking exports (docs/bookings.md, "In the portal"). RFC 4180 quoting, plus a
// guard against spreadsheet formulas: a name typed by a visitor as "=HYPERLINK(…)" must open as text, not run.

/** Characters that make Excel, LibreOffice or Google Sheets read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as CSV text. A value that a spreadsheet would take for a formula gets a leading apostrophe (shown as
 * text, the OWASP advice); a value with a comma, quote or line break is quoted, inner quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A whole table: a header row, then one row per record, CRLF line ends as RFC 4180 asks. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
