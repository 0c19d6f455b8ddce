// ERC-721 and ERC-1155 operations over HTTP, each read back on chain: minting with ids and URIs, base
// and per-token URIs, royalties, approvals, transfers (also on behalf of a holder) and burning.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Address } from "viem";
import { account, api, confirmed, deployToken, ERC20_FEATURES, eventsOf, read, send, tenant, type TestTenant } from "@/lib/tokens/testing";
import { abiOf } from "@/lib/tokens/standards";

const ARTIST: Address = getAddress("0x00000000000000000000000000000000000000c1");
const MARKET: Address = getAddress("0x00000000000000000000000000000000000000c2");
const OTHER: Address = getAddress("0x00000000000000000000000000000000000000c3");

describe("ERC-721", () => {
  let t: TestTenant;
  let token: Awaited<ReturnType<typeof deployToken>>;
  let holder: Awaited<ReturnType<typeof account>>;
  const path = (op: string) => `/v1/tokens/${token.id}/${op}`;
  const balance = async (who: Address, id: string) =>
    (await api(t, "GET", `/v1/tokens/${token.id}/balance?address=${who}&nft_token_id=${id}`)).body.balance;

  beforeAll(async () => {
    t = await tenant();
    [token, holder] = await Promise.all([
      deployToken(t, { name: "Art", symbol: "ART", standard: "ERC721", base_uri: "ipfs://base/", royalty: { receiver: ARTIST, basis_points: 250 }, features: ERC20_FEATURES }),
      account(true),
    ]);
  });

  it("mints with and without a URI; balance is 1 for the owner of the id", async () => {
    expect(await read(token, "royaltyInfo", [1n, 10_000n])).toEqual([ARTIST, 250n]);
    await confirmed(t, "POST", path("mint"), { to: t.wallet, nft_token_id: "1" });
    await confirmed(t, "POST", path("mint"), { to: holder.address, nft_token_id: "2", uri: "two.json" });
    expect(await read(token, "tokenURI", [1n])).toBe("ipfs://base/1");
    expect(await read(token, "tokenURI", [2n])).toBe("ipfs://base/two.json");
    expect(await balance(holder.address, "2")).toBe("1");
    expect(await balance(holder.address, "1")).toBe("0");
    expect(await balance(holder.address, "99")).toBe("0");
    const refused = await api(t, "POST", path("mint"), { to: t.wallet, nft_token_id: "3", amount: "2" });
    expect(refused.body.error).toMatchObject({ code: "parameter_invalid", param: "amount" });
    expect((await api(t, "POST", path("mint"), { to: t.wallet })).body.error).toMatchObject({ code: "parameter_missing", param: "nft_token_id" });
    expect((await api(t, "POST", path("set_uri"), { uri: "x" })).body.error).toMatchObject({ code: "operation_not_supported" });
    const [minted] = await eventsOf(t.id, "nft.minted");
    expect(minted).toMatchObject({ token: token.id, to: t.wallet, nft_token_id: "1", amount: "1" });
  });

  it("set_base_uri, per-NFT metadata, default and per-NFT royalties", async () => {
    await confirmed(t, "POST", path("set_base_uri"), { base_uri: "https://meta.example/" });
    expect(await read(token, "tokenURI", [1n])).toBe("https://meta.example/1");
    await confirmed(t, "POST", path("nfts/1/metadata"), { uri: "one.json" });
    expect(await read(token, "tokenURI", [1n])).toBe("https://meta.example/one.json");
    await confirmed(t, "POST", path("royalty"), { receiver: MARKET, basis_points: 500 });
    expect(await read(token, "royaltyInfo", [2n, 10_000n])).toEqual([MARKET, 500n]);
    await confirmed(t, "POST", path("nfts/1/royalty"), { receiver: ARTIST, basis_points: 100 });
    expect(await read(token, "royaltyInfo", [1n, 10_000n])).toEqual([ARTIST, 100n]);
    const updates = await eventsOf(t.id, "nft.metadata_updated");
    expect(updates).toMatchObject([{ base_uri: "https://meta.example/", nft_token_id: null }, { nft_token_id: "1", uri: "one.json" }]);
  });

  it("approve, set_approval_for_all, transfer, transfer_from and burn", async () => {
    await confirmed(t, "POST", path("approve"), { spender: MARKET, nft_token_id: "1" });
    expect(await read(token, "getApproved", [1n])).toBe(MARKET);
    await confirmed(t, "POST", path("set_approval_for_all"), { operator: MARKET, approved: true });
    expect(await read(token, "isApprovedForAll", [t.wallet, MARKET])).toBe(true);

    expect((await confirmed(t, "POST", path("transfer"), { to: holder.address, nft_token_id: "1" })).kind).toBe("token.nft_transfer");
    expect(await read(token, "ownerOf", [1n])).toBe(holder.address);

    // The holder lets the tenant wallet move its NFTs, then the platform moves and burns them.
    await send(holder.wallet, { address: token.address, abi: abiOf("ERC721"), functionName: "setApprovalForAll", args: [t.wallet, true] });
    await confirmed(t, "POST", path("transfer_from"), { from: holder.address, to: OTHER, nft_token_id: "2" });
    expect(await read(token, "ownerOf", [2n])).toBe(OTHER);
    expect((await confirmed(t, "POST", path("burn"), { nft_token_id: "1" })).kind).toBe("token.nft_burn");
    expect(await balance(holder.address, "1")).toBe("0");
    expect(await read(token, "balanceOf", [holder.address])).toBe(0n);

    expect((await eventsOf(t.id, "nft.transferred")).map((e) => [e.from, e.to, e.nft_token_id])).toEqual([
      [t.wallet, holder.address, "1"], [holder.address, OTHER, "2"],
    ]);
    expect(await eventsOf(t.id, "nft.burned")).toMatchObject([{ nft_token_id: "1", amount: "1" }]);
    expect((await eventsOf(t.id, "token.approved")).map((e) => e.kind)).toEqual(["token.approve", "token.set_approval_for_all"]);
  });
});

describe("ERC-1155", () => {
  let t: TestTenant;
  let token: Awaited<ReturnType<typeof deployToken>>;
  let holder: Awaited<ReturnType<typeof account>>;
  const path = (op: string) => `/v1/tokens/${token.id}/${op}`;
  const units = (who: Address, id: bigint) => read<bigint>(token, "balanceOf", [who, id]);

  beforeAll(async () => {
    t = await tenant();
    [token, holder] = await Promise.all([
      deployToken(t, { name: "Items", symbol: "ITM", standard: "ERC1155", base_uri: "ipfs://c/{id}.json", features: ERC20_FEATURES }),
      account(true),
    ]);
  });

  it("mints amounts of ids with and without a URI, and manages default, prefix and per-id URIs", async () => {
    await confirmed(t, "POST", path("mint"), { to: t.wallet, nft_token_id: "7", amount: "10" });
    await confirmed(t, "POST", path("mint"), { to: t.wallet, nft_token_id: "8", amount: "3", uri: "eight.json" });
    expect(await units(t.wallet, 7n)).toBe(10n);
    expect(await read(token, "uri", [7n])).toBe("ipfs://c/{id}.json");
    expect(await read(token, "uri", [8n])).toBe("eight.json");
    expect((await api(t, "POST", path("mint"), { to: t.wallet, nft_token_id: "9" })).body.error).toMatchObject({ code: "parameter_missing", param: "amount" });

    await confirmed(t, "POST", path("set_uri"), { uri: "ipfs://new/{id}" });
    expect(await read(token, "uri", [7n])).toBe("ipfs://new/{id}");
    await confirmed(t, "POST", path("set_base_uri"), { base_uri: "ipfs://pre/" });
    expect(await read(token, "uri", [8n])).toBe("ipfs://pre/eight.json");
    await confirmed(t, "POST", path("nfts/7/metadata"), { uri: "seven.json" });
    expect(await read(token, "uri", [7n])).toBe("ipfs://pre/seven.json");
    expect(await eventsOf(t.id, "nft.minted")).toMatchObject([{ nft_token_id: "7", amount: "10", uri: null }, { nft_token_id: "8", amount: "3", uri: "eight.json" }]);
  });

  it("royalties, operator approval, transfers and burns with amounts", async () => {
    await confirmed(t, "POST", path("royalty"), { receiver: ARTIST, basis_points: 300 });
    await confirmed(t, "POST", path("nfts/8/royalty"), { receiver: MARKET, basis_points: 50 });
    expect(await read(token, "royaltyInfo", [7n, 10_000n])).toEqual([ARTIST, 300n]);
    expect(await read(token, "royaltyInfo", [8n, 10_000n])).toEqual([MARKET, 50n]);
    expect((await api(t, "POST", path("approve"), { spender: MARKET, amount: "1" })).body.error).toMatchObject({ code: "operation_not_supported" });
    await confirmed(t, "POST", path("set_approval_for_all"), { operator: MARKET, approved: true });
    expect(await read(token, "isApprovedForAll", [t.wallet, MARKET])).toBe(true);

    expect((await confirmed(t, "POST", path("transfer"), { to: holder.address, nft_token_id: "7", amount: "4" })).kind).toBe("token.nft_transfer");
    expect((await api(t, "GET", `/v1/tokens/${token.id}/balance?address=${holder.address}&nft_token_id=7`)).body.balance).toBe("4");
    await send(holder.wallet, { address: token.address, abi: abiOf("ERC1155"), functionName: "setApprovalForAll", args: [t.wallet, true] });
    await confirmed(t, "POST", path("transfer_from"), { from: holder.address, to: OTHER, nft_token_id: "7", amount: "1" });
    expect(await units(OTHER, 7n)).toBe(1n);
    expect((await confirmed(t, "POST", path("burn"), { from: holder.address, nft_token_id: "7", amount: "2" })).kind).toBe("token.nft_burn");
    expect(await units(holder.address, 7n)).toBe(1n);
    await confirmed(t, "POST", path("burn"), { nft_token_id: "8", amount: "1" });
    expect(await units(t.wallet, 8n)).toBe(2n);
    expect((await eventsOf(t.id, "nft.burned")).map((e) => [e.from, e.nft_token_id, e.amount])).toEqual([
      [holder.address, "7", "2"], [t.wallet, "8", "1"],
    ]);
  });
});
