// CSV for spreadsheets (RFC 4180): every field quoted where it must be, CRLF line ends, and text that a
// spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) neutralised with a
// leading apostrophe — sub1 and ref come from the URL of anyone on the internet (OWASP "CSV injection").
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are ours (counts, amounts): a negative one stays a number.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A CSV file to download: no caching, no sniffing. */
export function csvDownload(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
