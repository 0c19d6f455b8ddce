// A regulated (ERC3643) token through the API: the platform's factory deploys the suite, the tenant wallet
// owns it and is its agent, the token is unpaused, and mints and transfers pass identity verification:
// refused with the decoded reason before the investor has an identity, accepted after.
import { beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, http, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { account, api, chain, confirmed, deployContract, eventsOf, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { trexBase } from "@/lib/trex/suite/base";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";

const tokenAbi = artifact("Token").abi;
const irAbi = artifact("IdentityRegistry").abi;

describe("regulated tokens (ERC3643)", () => {
  let t: TestTenant;
  let token: Awaited<ReturnType<typeof deployRegulatedToken>>;
  const read = (address: Address, abi: typeof tokenAbi, functionName: string, args: unknown[] = []) =>
    chain().readContract({ address, abi, functionName, args } as never) as Promise<any>;

  beforeAll(async () => {
    t = await tenant();
    token = await deployRegulatedToken(t, { name: "Bond", symbol: "BND" });
  });

  it("deploys a full suite through the platform factory, owned and operated by the tenant wallet", async () => {
    const s = token.regulated;
    expect(Object.values(s).filter((v) => typeof v === "string").length).toBe(5);
    expect(await read(token.address, tokenAbi, "name")).toBe("Bond");
    expect(await read(token.address, tokenAbi, "paused")).toBe(false);
    expect(await read(token.address, tokenAbi, "owner")).toBe(t.wallet);
    expect(await read(token.address, tokenAbi, "isAgent", [t.wallet])).toBe(true);
    expect((await read(token.address, tokenAbi, "identityRegistry")).toLowerCase()).toBe(s.identity_registry.toLowerCase());
    expect((await read(token.address, tokenAbi, "compliance")).toLowerCase()).toBe(s.compliance.toLowerCase());
    expect(await read(s.identity_registry, irAbi, "isAgent", [t.wallet])).toBe(true);
    expect(await read(s.identity_registry_storage, irAbi, "owner")).toBe(t.wallet);
    for (const contract of [s.compliance, s.trusted_issuers_registry, s.claim_topics_registry]) expect(await read(contract, irAbi, "owner")).toBe(t.wallet);
    const deployTx = (await api(t, "GET", `/v1/transactions/${token.deploy_tx}`)).body;
    expect(deployTx).toMatchObject({ status: "confirmed", to: trexBase(NETWORK).trexFactory });
    const deployed = await eventsOf(t.id, "token.deployed");
    expect(deployed).toHaveLength(1);
    expect(deployed[0]).toMatchObject({ id: token.id, standard: "ERC3643", regulated: { identity_registry: s.identity_registry } });
  });

  it("refuses a mint to a wallet without identity with the decoded reason, and mints once it is registered", async () => {
    const investor = await account(true);
    const refused = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: investor.address, amount: "100" });
    expect(refused.status).toBe(201);
    const failed = await settled(refused.body.id);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toMatch(/Identity is not verified/);

    // The investor deploys an ONCHAINID of their own; the tenant wallet, the registry's agent, registers it.
    // (Sent with the tenant wallet's key outside the platform's path: the path must carry on past a nonce it did not use.)
    const identity = await deployContract(investor.wallet, artifact("Identity").abi, artifact("Identity").bytecode, [investor.address, false]);
    const target = chainTarget(NETWORK);
    const agent = createWalletClient({ account: await signerFor(t.id, false), chain: target.chain, transport: http(target.rpcUrl) });
    const hash = await agent.writeContract({ address: token.regulated.identity_registry, abi: irAbi, functionName: "registerIdentity", args: [investor.address, identity, 250] } as never);
    expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
    expect(await read(token.regulated.identity_registry, irAbi, "isVerified", [investor.address])).toBe(true);

    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: investor.address, amount: "100" });
    expect(await read(token.address, tokenAbi, "balanceOf", [investor.address])).toBe(100n);
    expect((await api(t, "GET", `/v1/tokens/${token.id}/balance?address=${investor.address}&nft_token_id=0`)).body.balance).toBe("100");

    // The investor's own transfer to an unregistered wallet is refused by the token itself.
    const stranger = await account();
    await expect(investor.wallet.writeContract({ address: token.address, abi: tokenAbi, functionName: "transfer", args: [stranger.address, 1n] } as never))
      .rejects.toThrow(/Transfer not possible/);

    // The agent burns from the holder (no allowance in T-REX), and pauses and unpauses the token.
    await confirmed(t, "POST", `/v1/tokens/${token.id}/burn`, { from: investor.address, amount: "40" });
    expect(await read(token.address, tokenAbi, "balanceOf", [investor.address])).toBe(60n);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/pause`, {});
    expect((await api(t, "GET", `/v1/tokens/${token.id}`)).body.regulated.paused).toBe(true);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/unpause`, {});
    expect((await api(t, "GET", `/v1/tokens/${token.id}`)).body.regulated.paused).toBe(false);
  });

  it("refuses what a T-REX token does not have, before anything is sent", async () => {
    const roles = await api(t, "GET", `/v1/tokens/${token.id}/roles`);
    expect(roles.status).toBe(400);
    expect(roles.body.error.code).toBe("operation_not_supported");
    const supply = await api(t, "POST", "/v1/tokens", { network: NETWORK, name: "X", symbol: "X", standard: "ERC3643", initial_supply: "5" });
    expect(supply.status).toBe(400);
    expect(supply.body.error.param).toBe("initial_supply");
    const permit = await api(t, "POST", `/v1/tokens/${token.id}/approve_and_call`, { spender: t.wallet, amount: "1" });
    expect(permit.status).toBe(400);
  });
});
