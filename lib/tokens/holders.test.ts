// Supply and holders of a token on the local chain: counted from its Transfer logs (mint, transfer, a holder
// who gives everything away stops counting, burns lower the supply), extended from where the last count
// stopped, bounded per read (a short bound reports an incomplete count that later reads finish), and
// refused for an NFT or another tenant's token.
import { beforeAll, describe, expect, it } from "vitest";
import { type Address } from "viem";
import { confirmed, deployToken, ERC20_FEATURES, tenant, type TestTenant } from "@/lib/tokens/testing";
import { supplyAndHolders } from "./holders";

const A = "0x00000000000000000000000000000000000a0001" as Address;
const B = "0x00000000000000000000000000000000000a0002" as Address;

describe("supply and holders", () => {
  let t: TestTenant;
  let token: { id: string; address: Address };
  const scope = () => ({ tenantId: t.id, livemode: false });

  beforeAll(async () => {
    t = await tenant();
    token = await deployToken(t, { name: "Holders", symbol: "HLD", standard: "ERC20", decimals: 2, initial_supply: "1000", features: ERC20_FEATURES });
  });

  it("counts every address with a balance, following each transfer and mint", async () => {
    expect(await supplyAndHolders(scope(), token.id)).toMatchObject({ object: "token_holders", token: token.id, total_supply: "1000", holder_count: 1, complete: true });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/transfer`, { to: A, amount: "300" });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: B, amount: "50" });
    expect(await supplyAndHolders(scope(), token.id)).toMatchObject({ total_supply: "1050", holder_count: 3, complete: true });
  });

  it("a holder left with nothing is no longer counted, and the count goes on from where it stopped", async () => {
    const before = await supplyAndHolders(scope(), token.id);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/burn`, { amount: "700" }); // the tenant wallet's whole balance
    const after = await supplyAndHolders(scope(), token.id);
    expect(after).toMatchObject({ total_supply: "350", holder_count: 2, complete: true });
    expect(after.counted_through_block).toBeGreaterThan(before.counted_through_block);
  });

  it("a bounded count reports how far it got, and later reads finish it", async () => {
    const fresh = await deployToken(t, { name: "Bounded", symbol: "BND", standard: "ERC20", decimals: 0, initial_supply: "10", features: ERC20_FEATURES });
    await confirmed(t, "POST", `/v1/tokens/${fresh.id}/transfer`, { to: A, amount: "4" });
    await confirmed(t, "POST", `/v1/tokens/${fresh.id}/transfer`, { to: B, amount: "3" });
    const first = await supplyAndHolders(scope(), fresh.id, { maxBlocks: 1n });
    expect(first).toMatchObject({ holder_count: 1, complete: false }); // the deployment block only: the wallet's 10
    let last = first;
    for (let i = 0; i < 20 && !last.complete; i++) last = await supplyAndHolders(scope(), fresh.id, { maxBlocks: 1n });
    expect(last).toMatchObject({ total_supply: "10", holder_count: 3, complete: true });
  });

  it("answers 400 for an NFT and 404 for another tenant's token", async () => {
    const nft = await deployToken(t, { name: "Art", symbol: "ART", standard: "ERC721", features: {} });
    await expect(supplyAndHolders(scope(), nft.id)).rejects.toMatchObject({ status: 400, code: "operation_not_supported" });
    const other = await tenant();
    await expect(supplyAndHolders({ tenantId: other.id, livemode: false }, token.id)).rejects.toMatchObject({ status: 404 });
  });
});
