// The transactions page's filters, rows and CSV export: a tenant's two mints found by kind, token,
// network, day and hash, shown with the symbol, the kind's name, the amount in units and the recipient;
// nothing of it for another tenant; the export holds the filtered set, safe to open in a spreadsheet.
import { describe, expect, it } from "vitest";
import { getAddress } from "viem";
import { confirmed, deployToken, tenant, ERC20_FEATURES, NETWORK } from "@/lib/tokens/testing";
import { listTransactions } from "@/lib/chain/intake";
import { describeTransactions, filterQuery, parseTransactionFilters } from "./transactions";
import { csvCell, csvRow, CSV_HEADER, transactionsCsv } from "./transactions-csv";

// Checksummed, as the API records them.
const RECIPIENT = getAddress("0x00000000000000000000000000000000000000a1");
const OTHER = getAddress("0x00000000000000000000000000000000000000b2");

async function collect(lines: AsyncGenerator<string>) {
  let text = "";
  for await (const line of lines) text += line;
  return text.trimEnd().split("\r\n");
}

describe("console transactions", () => {
  it("filters by kind, token, network, day and id or hash, in the tenant and mode only; rows read in token units", async () => {
    const t = await tenant();
    const other = await tenant();
    const scope = { tenantId: t.id, livemode: false };
    const token = await deployToken(t, { name: "Ledger", symbol: "LDG", standard: "ERC20", decimals: 6, initial_supply: "0", features: ERC20_FEATURES });
    const mint = await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: RECIPIENT, amount: "1500000" });
    const later = await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: OTHER, amount: "2000000000" });
    const list = async (query: Record<string, string>, s = scope) =>
      (await listTransactions(s.tenantId, s.livemode, { limit: 25, ...parseTransactionFilters(query).filters })).data.map((r) => r.id);

    expect(await list({})).toEqual([later.id, mint.id, token.deploy_tx]);
    expect(await list({ kind: "token.mint" })).toEqual([later.id, mint.id]);
    expect(await list({ kind: "token.deploy", token: token.id })).toEqual([token.deploy_tx]);
    expect(await list({ network: NETWORK, kind: "token.mint" })).toHaveLength(2);
    expect(await list({ network: "sepolia" })).toEqual([]);
    expect(await list({ q: mint.hash! })).toEqual([mint.id]);
    expect(await list({ q: ` ${mint.hash!.toUpperCase().replace("0X", "0x")} ` })).toEqual([mint.id]);
    expect(await list({ q: later.id })).toEqual([later.id]);
    expect(await list({ q: "0xnothing" })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await list({ from: today, to: today, kind: "token.mint" })).toHaveLength(2);
    expect(await list({ to: yesterday })).toEqual([]);
    expect(await list({ from: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) })).toEqual([]);
    // Another tenant, or the live mode, finds none of it, whatever it filters by.
    expect(await list({ q: mint.hash! }, { tenantId: other.id, livemode: false })).toEqual([]);
    expect(await list({ token: token.id }, { tenantId: other.id, livemode: false })).toEqual([]);
    expect(await list({ q: mint.id }, { tenantId: t.id, livemode: true })).toEqual([]);

    const page = await listTransactions(t.id, false, { limit: 25 });
    const [second, first, deploy] = await describeTransactions(scope, page.data);
    expect(first).toMatchObject({ kind_name: "Mint", symbol: "LDG", amount: { units: "1.5", raw: "1500000" }, recipient: RECIPIENT });
    expect(second.amount).toEqual({ units: "2,000", raw: "2000000000" });
    expect(deploy).toMatchObject({ kind_name: "Token deployment", symbol: "LDG", amount: { units: "0", raw: "0" }, recipient: null });
    // Another tenant's view of the same records names no token of theirs.
    expect((await describeTransactions({ tenantId: other.id, livemode: false }, page.data))[1].symbol).toBeNull();

    const csv = await collect(transactionsCsv(scope, parseTransactionFilters({ kind: "token.mint" }).filters));
    expect(csv[0]).toBe("id,created_utc,kind,kind_code,status,network,token,symbol,amount,amount_base_units,recipient,from,hash,block,error");
    expect(csv).toHaveLength(3);
    expect(csv[1].split(",").slice(0, 11)).toEqual([later.id, expect.stringMatching(/^\d{4}-\d\d-\d\dT/), "Mint", "token.mint", "confirmed", "Polygon Amoy", token.id, "LDG", "2000", "2000000000", OTHER]);
    expect(csv[2].split(",").slice(8, 11)).toEqual(["1.5", "1500000", RECIPIENT]);
    expect(await collect(transactionsCsv({ tenantId: other.id, livemode: false }, {}))).toEqual([CSV_HEADER.trimEnd()]);
  });

  it("drops filter values that cannot match and keeps the rest in links", () => {
    const { params, filters } = parseTransactionFilters({ status: "lost", kind: "token.teleport", network: "mars", from: "2025-02-30", to: "2025-03-01", q: "  tx_1 ", token: ["tok_a", "tok_b"] });
    expect(params).toEqual({ status: undefined, kind: undefined, token: "tok_a", network: undefined, from: undefined, to: "2025-03-01", q: "tx_1" });
    expect(filters.createdBefore?.toISOString()).toBe("2025-03-02T00:00:00.000Z");
    expect(filters.createdFrom).toBeUndefined();
    expect(filterQuery(params, { starting_after: "tx_9" })).toBe("?token=tok_a&to=2025-03-01&q=tx_1&starting_after=tx_9");
  });

  it("writes cells a spreadsheet cannot run as formulas", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    const row = csvRow({ id: "tx_1", created: 0, kind: "token.mint", kind_name: "Mint", status: "failed", network: "polygon_amoy", token: "tok_1", symbol: "=EVIL", amount: { units: "1,000", raw: "1000" }, recipient: null, from: "0xabc", hash: null, block_number: null, error: { code: "execution_reverted", message: "-reverted, badly" } } as never);
    expect(row).toBe("tx_1,1970-01-01T00:00:00.000Z,Mint,token.mint,failed,Polygon Amoy,tok_1,'=EVIL,1000,1000,,0xabc,,,\"'-reverted, badly\"\r\n");
  });
});
