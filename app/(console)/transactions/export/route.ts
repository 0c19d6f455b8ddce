// The transactions page's "Export CSV": the filtered set (the page's own query parameters), as a download.
import "@/lib/composition"; // the kinds the filter accepts and names are those the modules register
import { consoleContext } from "@/lib/console/session";
import { parseTransactionFilters } from "@/lib/console/transactions";
import { transactionsCsv } from "@/lib/console/transactions-csv";

export async function GET(request: Request) {
  const context = await consoleContext();
  if (!context) return new Response("Sign in to export transactions.", { status: 401, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { filters } = parseTransactionFilters(Object.fromEntries(new URL(request.url).searchParams));
  const lines = transactionsCsv(context.scope, filters);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(new TextEncoder().encode(next.value));
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="transactions-${context.environment}-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
