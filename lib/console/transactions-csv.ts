// The transactions page's CSV export: every record the filters match (not only the page shown), newest first,
// amounts both in token units (with the symbol) and in the smallest unit as the API has them.
import type { Scope } from "@/lib/core/scope";
import { listTransactions, type TransactionFilters } from "@/lib/chain/intake";
import { networkName } from "./networks";
import { describeTransactions, type DescribedTransaction } from "./transactions";

const COLUMNS: [header: string, cell: (t: DescribedTransaction) => string | number | null][] = [
  ["id", (t) => t.id],
  ["created_utc", (t) => new Date(t.created * 1000).toISOString()],
  ["kind", (t) => t.kind_name],
  ["kind_code", (t) => t.kind],
  ["status", (t) => t.status],
  ["network", (t) => networkName(t.network)],
  ["token", (t) => t.token],
  ["symbol", (t) => t.symbol],
  ["amount", (t) => t.amount?.units.replace(/,/g, "") ?? null],
  ["amount_base_units", (t) => t.amount?.raw || null],
  ["recipient", (t) => t.recipient],
  ["from", (t) => t.from],
  ["hash", (t) => t.hash],
  ["block", (t) => t.block_number],
  ["error", (t) => (t.error ? t.error.message || t.error.code : null)],
];

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return that some strip first) is prefixed with ' so it stays text.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const CSV_HEADER = line(COLUMNS.map(([header]) => header));

export const csvRow = (t: DescribedTransaction) => line(COLUMNS.map(([, cell]) => cell(t)));

const PAGE = 500;

/** The export's lines, header first, read page by page (the cursor keeps a long export consistent). */
export async function* transactionsCsv(scope: Scope, filters: TransactionFilters): AsyncGenerator<string> {
  yield CSV_HEADER;
  let after: string | undefined;
  for (;;) {
    const page = await listTransactions(scope.tenantId, scope.livemode, { ...filters, limit: PAGE, starting_after: after });
    for (const t of await describeTransactions(scope, page.data)) yield csvRow(t);
    if (!page.has_more || !page.data.length) return;
    after = page.data.at(-1)!.id;
  }
}
