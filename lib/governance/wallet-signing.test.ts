// Votes and delegations signed in a token holder's wallet (lib/governance/wallet-signing), relayed by the acting
// account, on the local chain: the Delegation and Ballot typed data come from the token's and the governor's
// eip712Domain() and nonces; a signature by another key is refused before anything is sent; the delegation
// and the vote take effect on chain for the wallet (not the acting account); a second vote and a vote of no
// weight are refused before the wallet signs; another tenant's ids answer 404.
import "@/lib/composition";
import { beforeAll, describe, expect, it } from "vitest";
import { type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { refusal } from "@/test/refusal";
import { artifact } from "@/lib/chain/artifacts";
import { api, chain, confirmed, deployToken, ERC20_FEATURES, eventually, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import type { Scope } from "@/lib/core/scope";
import { ballotToSign, delegateWithWallet, delegationToSign, voteWithWallet, walletVotingPower } from "./wallet-signing";

const governorAbi = artifact("PlatformGovernor").abi as Abi;
const tokenAbi = artifact("PlatformERC20Votes").abi as Abi;
const mine = (blocks: number) => chain().request({ method: "hardhat_mine" as never, params: [`0x${blocks.toString(16)}`] as never });

describe("wallet-signed votes and delegations", () => {
  let t: TestTenant;
  let other: TestTenant;
  let scope: Scope;
  let token: { id: string; address: Address };
  let g: { id: string; governor_address: Address };
  const holder = privateKeyToAccount(generatePrivateKey());
  const idle = privateKeyToAccount(generatePrivateKey()); // holds tokens, never delegates
  const sign = (account: typeof holder, typed: object) => account.signTypedData(typed as never);

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    scope = { tenantId: t.id, livemode: false };
    token = await deployToken(t, { name: "Wallet Votes", symbol: "WV", standard: "ERC20", initial_supply: "1000", features: { ...ERC20_FEATURES, votes: true } });
    const res = await api(t, "POST", "/v1/governance", { name: "Wallet DAO", token: token.id, voting_delay: 1, voting_period: 20, quorum_numerator: 10, min_delay: 60 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    g = await eventually(async () => {
      const now = (await api(t, "GET", `/v1/governance/${res.body.id}`)).body;
      return now.status === "active" && now;
    }, "governance active", 60_000);
    for (const to of [holder.address, idle.address]) await confirmed(t, "POST", `/v1/tokens/${token.id}/transfer`, { to, amount: "300" });
  }, 120_000);

  it("delegates by the wallet's signature: its power, not the acting account's", async () => {
    expect(await walletVotingPower(scope, g.id, holder.address)).toEqual({ address: holder.address, votes: "0", balance: "300", delegatee: null });
    const typed = await delegationToSign(scope, g.id, holder.address, holder.address);
    expect(typed.domain).toMatchObject({ name: "Wallet Votes", version: "1", chainId: await chain().getChainId(), verifyingContract: token.address });
    expect(typed.message).toMatchObject({ delegatee: holder.address, nonce: "0" });
    const { delegator, ...data } = typed;
    const input = { delegator, delegatee: holder.address, nonce: data.message.nonce, expiry: Number(data.message.expiry) };

    const forged = await refusal(async () => delegateWithWallet(scope, g.id, { ...input, signature: await sign(idle, data) }));
    expect(forged).toMatchObject({ status: 400, code: "signature_mismatch" });
    const stale = await refusal(async () => delegateWithWallet(scope, g.id, { ...input, nonce: "1", signature: await sign(holder, data) }));
    expect(stale.code).toBe("nonce_invalid");

    const sent = await delegateWithWallet(scope, g.id, { ...input, signature: await sign(holder, data) });
    expect((await settled(sent.id)).status).toBe("confirmed");
    expect(await chain().readContract({ address: token.address, abi: tokenAbi, functionName: "delegates", args: [holder.address] })).toBe(holder.address);
    expect(await walletVotingPower(scope, g.id, holder.address)).toMatchObject({ votes: "300", delegatee: holder.address });
    expect(await walletVotingPower(scope, g.id, t.wallet)).toMatchObject({ votes: "0", delegatee: null });
  });

  it("votes by the wallet's ballot: hasVoted and the tally for the wallet; refusals before signing", async () => {
    const proposed = await api(t, "POST", `/v1/governance/${g.id}/proposals`, { targets: [token.address], calldatas: ["0x"], description: `Wallet ballot ${Date.now()}` });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const pid = proposed.body.id as string;
    await settled(proposed.body.transaction.id);
    expect((await refusal(() => ballotToSign(scope, g.id, pid, holder.address, "for"))).code).toBe("proposal_state_invalid"); // Pending
    await mine(2);

    const typed = await ballotToSign(scope, g.id, pid, holder.address, "against");
    expect(typed).toMatchObject({
      primaryType: "Ballot", domain: { name: "Wallet DAO", version: "1", verifyingContract: g.governor_address }, message: { proposalId: pid, support: 0, voter: holder.address, nonce: "0" },
    });
    const forged = await refusal(async () => voteWithWallet(scope, g.id, pid, { voter: holder.address, support: "against", signature: await sign(idle, typed) }));
    expect(forged.code).toBe("signature_mismatch");
    // Signed for "for", submitted as "against": another ballot.
    const otherBallot = await refusal(async () => voteWithWallet(scope, g.id, pid, { voter: holder.address, support: "against", signature: await sign(holder, { ...typed, message: { ...typed.message, support: 1 } }) }));
    expect(otherBallot.code).toBe("signature_mismatch");
    // Tokens not delegated before the proposal: no weight, refused before the wallet signs.
    const weightless = await refusal(() => ballotToSign(scope, g.id, pid, idle.address, "for"));
    expect(weightless).toMatchObject({ code: "no_voting_power", param: "voter" });

    const sent = await voteWithWallet(scope, g.id, pid, { voter: holder.address, support: "against", signature: (await sign(holder, typed)) as Hex });
    expect((await settled(sent.id)).status).toBe("confirmed");
    const hasVoted = (who: Address) => chain().readContract({ address: g.governor_address, abi: governorAbi, functionName: "hasVoted", args: [BigInt(pid), who] });
    expect(await hasVoted(holder.address)).toBe(true);
    expect(await hasVoted(t.wallet)).toBe(false);
    expect(await chain().readContract({ address: g.governor_address, abi: governorAbi, functionName: "proposalVotes", args: [BigInt(pid)] })).toEqual([300n, 0n, 0n]);

    const again = await refusal(() => ballotToSign(scope, g.id, pid, holder.address, "for"));
    expect(again).toMatchObject({ code: "already_voted", message: `${holder.address} has already voted on this proposal: a vote cannot be changed.` });
    // Another tenant does not find the instance.
    expect((await refusal(() => ballotToSign({ tenantId: other.id, livemode: false }, g.id, pid, holder.address, "for"))).status).toBe(404);
    expect((await refusal(() => delegationToSign({ tenantId: other.id, livemode: false }, g.id, holder.address, holder.address))).status).toBe(404);
  });
});
