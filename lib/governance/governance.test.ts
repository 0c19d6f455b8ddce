// Governance through the HTTP API on the local chain: a Governor and its Timelock deployed by the tenant
// wallet on a votes token deployed through /v1/tokens; delegation (by the API, by signature and directly
// on chain), a proposal to mint through the timelock, votes for, against (on chain, outside the API) and
// abstain (an EIP-712 ballot), queue, execute and the effect; every governance event by webhook, in order;
// refusals that record nothing; another tenant's ids answer 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, getAddress, keccak256, toHex, type Abi, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { account, api, chain, confirmed, deployToken, ERC20_FEATURES, eventually, send, settled, tenant, type TestTenant } from "@/lib/tokens/testing";

const governorAbi = artifact("PlatformGovernor").abi as Abi;
const tokenAbi = artifact("PlatformERC20Votes").abi as Abi;
const timelockAbi = artifact("PlatformTimelock").abi as Abi;
const GOVERNANCE_EVENTS = [
  "governance.deployed", "governance.proposal.created", "governance.vote.cast", "governance.proposal.queued", "governance.proposal.executed",
  "governance.proposal.canceled", "governance.delegated",
];
const ACCOUNT = "account=0x00000000000000000000000000000000000000a1";
/** A valid query per read, so the 404 comes from the id and not from validation. */
const QUERIES: Record<string, string> = {
  checkpoints: `${ACCOUNT}&pos=0`, delegates: ACCOUNT, num_checkpoints: ACCOUNT, votes: ACCOUNT, votes_with_params: ACCOUNT, has_voted: ACCOUNT,
  proposal_needs_queuing: "proposal_id=PID", operation_state: `operation_id=0x${"0".repeat(64)}`,
};
const BODIES: Record<string, object> = {
  delegate: { delegatee: "0x00000000000000000000000000000000000000a1" },
  delegate_by_sig: { delegatee: "0x00000000000000000000000000000000000000a1", nonce: "0", expiry: 1, signature: `0x${"11".repeat(65)}` },
  hash_proposal: { targets: ["0x00000000000000000000000000000000000000a1"], calldatas: ["0x"], description: "x" },
  proposals: { targets: ["0x00000000000000000000000000000000000000a1"], calldatas: ["0x"], description: "x" },
  vote: { support: "for" }, vote_with_params: { support: "for" }, vote_by_sig: { support: "for", voter: "0x00000000000000000000000000000000000000a1", signature: `0x${"11".repeat(65)}` },
  vote_with_params_by_sig: { support: "for", voter: "0x00000000000000000000000000000000000000a1", signature: `0x${"11".repeat(65)}` },
  proposal_threshold: { proposal_threshold: "1" }, timelock: { timelock: "0x00000000000000000000000000000000000000a1" }, update_quorum: { quorum_numerator: 5 },
  voting_delay: { voting_delay: 1 }, voting_period: { voting_period: 1 }, relay: { target: "0x00000000000000000000000000000000000000a1" },
  hash_operation: { target: "0x00000000000000000000000000000000000000a1" }, hash_operation_batch: { targets: ["0x00000000000000000000000000000000000000a1"], payloads: ["0x"] },
};
const rpc = (method: string, params: unknown[] = []) => chain().request({ method: method as never, params: params as never });
const mine = (blocks: number) => rpc("hardhat_mine", [toHex(blocks)]);

describe("governance", () => {
  let t: TestTenant;
  let other: TestTenant;
  let receiver: Receiver;
  let token: { id: string; address: Address };
  let g: any;
  const received = () =>
    receiver.received
      .map((r) => JSON.parse(r.body))
      .filter((e) => e.type?.startsWith("governance.") && (e.data.object.governance === g?.id || e.data.object.id === g?.id))
      .sort((a, b) => (a.id < b.id ? -1 : 1));

  async function deployGovernance(body: Record<string, unknown>) {
    const res = await api(t, "POST", "/v1/governance", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "governance", status: "deploying", governor_address: null });
    return eventually(async () => {
      const now = (await api(t, "GET", `/v1/governance/${res.body.id}`)).body;
      expect(now.status).not.toBe("failed");
      return now.status === "active" && now;
    }, "governance active", 60_000);
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    receiver = await startReceiver();
    expect((await api(t, "POST", "/v1/webhook_endpoints", { url: receiver.url, events: GOVERNANCE_EVENTS })).status).toBe(201);
    token = await deployToken(t, { name: "Votes", symbol: "VOTE", standard: "ERC20", initial_supply: "1000", features: { ...ERC20_FEATURES, votes: true } });
  }, 60_000);
  afterAll(() => receiver?.close());

  it("deploys a Governor and its Timelock: roles to the governor, the deployer's admin role renounced", async () => {
    g = await deployGovernance({ name: "Acme DAO", token: token.id, voting_delay: 2, voting_period: 20, quorum_numerator: 10, min_delay: 60 });
    expect(g).toMatchObject({ name: "Acme DAO", token: token.id, token_address: token.address, voting_delay: "2", voting_period: "20", quorum_numerator: 10, min_delay: 60 });
    const hasRole = (role: string, who: Address) => chain().readContract({ address: g.timelock_address, abi: timelockAbi, functionName: "hasRole", args: [keccak256(toHex(role)), who] });
    for (const role of ["PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"]) expect(await hasRole(role, g.governor_address), role).toBe(true);
    const admin = await chain().readContract({ address: g.timelock_address, abi: timelockAbi, functionName: "hasRole", args: [`0x${"0".repeat(64)}`, t.wallet] });
    expect(admin).toBe(false);
    expect((await api(t, "GET", `/v1/governance/${g.id}/config`)).body).toMatchObject({
      name: "Acme DAO", voting_delay: "2", voting_period: "20", quorum_numerator: "10", timelock: g.timelock_address, token: token.address,
      counting_mode: "support=bravo&quorum=for,abstain", clock_mode: "mode=blocknumber&from=default", min_delay: "60",
    });
    expect((await api(t, "GET", `/v1/governance/${g.id}/version`)).body.version).toBe("1");
    expect((await api(t, "GET", `/v1/governance/${g.id}/timelock/min_delay`)).body.min_delay).toBe("60");
    expect((await api(t, "GET", `/v1/governance?status=active`)).body.data.map((x: any) => x.id)).toContain(g.id);
  }, 90_000);

  it("runs a proposal from delegation to execution, with every event by webhook in order", async () => {
    const [alice, bob] = await Promise.all([account(true), account(true)]);
    const recipient = (await account()).address;
    // Voting power: the tenant keeps 400, Alice and Bob get 300 each; the timelock may mint.
    await confirmed(t, "POST", `/v1/tokens/${token.id}/transfer`, { to: alice.address, amount: "300" });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/transfer`, { to: bob.address, amount: "300" });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/roles`, { role: "MINTER_ROLE", address: g.timelock_address });

    // Delegation three ways: the tenant through the API, Alice on chain herself, Bob by signature.
    await confirmed(t, "POST", `/v1/governance/${g.id}/delegate`, { delegatee: t.wallet });
    await send(alice.wallet, { address: token.address, abi: tokenAbi, functionName: "delegate", args: [alice.address] });
    const nonce = (await chain().readContract({ address: token.address, abi: tokenAbi, functionName: "nonces", args: [bob.address] })) as bigint;
    const expiry = Number((await chain().getBlock()).timestamp) + 3600;
    const chainId = await chain().getChainId();
    const delegation = await bob.account.signTypedData({
      domain: { name: "Votes", version: "1", chainId, verifyingContract: token.address },
      types: { Delegation: [{ name: "delegatee", type: "address" }, { name: "nonce", type: "uint256" }, { name: "expiry", type: "uint256" }] },
      primaryType: "Delegation",
      message: { delegatee: bob.address, nonce, expiry: BigInt(expiry) },
    });
    await confirmed(t, "POST", `/v1/governance/${g.id}/delegate_by_sig`, { delegatee: bob.address, nonce: nonce.toString(), expiry, signature: delegation });
    expect((await api(t, "GET", `/v1/governance/${g.id}/delegates?account=${bob.address}`)).body.delegatee).toBe(bob.address);
    expect((await api(t, "GET", `/v1/governance/${g.id}/num_checkpoints?account=${alice.address}`)).body.num_checkpoints).toBe(1);
    await mine(1);
    const power = await api(t, "GET", `/v1/governance/${g.id}/votes?account=${alice.address}`);
    expect(power.body.votes, JSON.stringify(power.body)).toBe("300");

    // Propose a mint through the timelock.
    const mint = encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [recipient, 500n] });
    const description = `Mint 500 to ${recipient}`;
    const proposed = await api(t, "POST", `/v1/governance/${g.id}/proposals`, { targets: [token.address], calldatas: [mint], description });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toMatchObject({ object: "proposal", state: null, targets: [token.address], values: ["0"], calldatas: [mint], description });
    const pid = proposed.body.id;
    const hashed = await api(t, "POST", `/v1/governance/${g.id}/hash_proposal`, { targets: [token.address], calldatas: [mint], description });
    expect(hashed.body.proposal_id).toBe(pid);
    expect((await settled(proposed.body.transaction.id)).status).toBe("confirmed");
    const pending = (await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}`)).body;
    expect(pending).toMatchObject({ state: "Pending", proposer: t.wallet, votes: { for: "0", against: "0", abstain: "0" }, eta: null });
    expect(Number(pending.deadline) - Number(pending.snapshot)).toBe(20);

    // Votes open after the delay: for (the tenant, through the API), against (Alice, on chain), abstain (Bob's signed ballot).
    await mine(3); // Active once the clock is past the snapshot (propose block + voting_delay)
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}/state`)).body.state).toBe("Active");
    const early = await api(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/cancel`, {});
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({ code: "proposal_not_pending" });
    expect(early.body.error.message).toContain("it is Active");
    await confirmed(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/vote`, { support: "for", reason: "more supply" });
    await send(alice.wallet, { address: g.governor_address, abi: governorAbi, functionName: "castVote", args: [BigInt(pid), 0] });
    const ballotNonce = (await chain().readContract({ address: g.governor_address, abi: governorAbi, functionName: "nonces", args: [bob.address] })) as bigint;
    const ballot = await bob.account.signTypedData({
      domain: { name: "Acme DAO", version: "1", chainId, verifyingContract: g.governor_address },
      types: { Ballot: [{ name: "proposalId", type: "uint256" }, { name: "support", type: "uint8" }, { name: "voter", type: "address" }, { name: "nonce", type: "uint256" }] },
      primaryType: "Ballot",
      message: { proposalId: BigInt(pid), support: 2, voter: bob.address, nonce: ballotNonce },
    });
    await confirmed(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/vote_by_sig`, { support: "abstain", voter: bob.address, signature: ballot });
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}/votes`)).body).toMatchObject({ for: "400", against: "300", abstain: "300" });
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}/has_voted?account=${alice.address}`)).body.has_voted).toBe(true);
    const twice = await api(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/vote`, { support: "against" });
    expect(twice.status).toBe(400);
    expect(twice.body.error.code).toBe("already_voted");

    // The vote ends: succeeded; queue, wait the timelock's delay, execute; the mint happened.
    await mine(21);
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}`)).body.state).toBe("Succeeded");
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposal_needs_queuing?proposal_id=${pid}`)).body.needs_queuing).toBe(true);
    const tooSoon = await api(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/execute`, {});
    expect(tooSoon.status).toBe(400);
    await confirmed(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/queue`, {});
    const queued = (await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}`)).body;
    expect(queued.state).toBe("Queued");
    expect(queued.eta).toBeGreaterThan(0);
    await rpc("evm_increaseTime", [61]);
    await mine(1);
    await confirmed(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/execute`, {});
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}/state`)).body.state).toBe("Executed");
    expect(await chain().readContract({ address: token.address, abi: erc20Abi, functionName: "balanceOf", args: [recipient] })).toBe(500n);

    // Every governance event, from the deployment on, in chain order (events sorted by their time-ordered ids).
    await receiver.waitFor(1, (r) => JSON.parse(r.body).type === "governance.proposal.executed", 60_000);
    const events = received();
    expect(events.map((e) => e.type)).toEqual([
      "governance.deployed", "governance.delegated", "governance.delegated", "governance.delegated", "governance.proposal.created",
      "governance.vote.cast", "governance.vote.cast", "governance.vote.cast", "governance.proposal.queued", "governance.proposal.executed",
    ]);
    const delegators = events.filter((e) => e.type === "governance.delegated").map((e) => e.data.object.delegator);
    expect(delegators).toEqual([t.wallet, alice.address, bob.address]);
    const votes = events.filter((e) => e.type === "governance.vote.cast").map((e) => [e.data.object.voter, e.data.object.support, e.data.object.weight]);
    expect(votes).toEqual([[t.wallet, "for", "400"], [alice.address, "against", "300"], [bob.address, "abstain", "300"]]);
    expect(events[4].data.object).toMatchObject({ object: "proposal", id: pid, proposer: t.wallet, description });
  }, 180_000);

  it("cancels a proposal while Pending, and only then", async () => {
    const description = `Cancelled ${Date.now()}`;
    const mint = encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [t.wallet, 1n] });
    const proposed = await api(t, "POST", `/v1/governance/${g.id}/proposals`, { targets: [token.address], calldatas: [mint], description });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    await settled(proposed.body.transaction.id);
    await confirmed(t, "POST", `/v1/governance/${g.id}/proposals/${proposed.body.id}/cancel`, {});
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposals/${proposed.body.id}`)).body.state).toBe("Canceled");
    const again = await api(t, "POST", `/v1/governance/${g.id}/proposals/${proposed.body.id}/cancel`, {});
    expect(again.status).toBe(400);
    expect(again.body.error.message).toContain("it is Canceled");
    await receiver.waitFor(1, (r) => JSON.parse(r.body).type === "governance.proposal.canceled", 60_000);
    const list = await api(t, "GET", `/v1/governance/${g.id}/proposals`);
    expect(list.body.data.map((p: any) => [p.id, p.state])).toContainEqual([proposed.body.id, "Canceled"]);
  }, 90_000);

  it("two identical proposals at once: one is created, the other answers 409 proposal_exists (never 500)", async () => {
    const body = { targets: [token.address], calldatas: ["0x"], description: `Twice at once ${Date.now()}` };
    const both = await Promise.all([1, 2].map(() => api(t, "POST", `/v1/governance/${g.id}/proposals`, body)));
    expect(both.map((r) => r.status).sort(), JSON.stringify(both.map((r) => r.body))).toEqual([201, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body.error).toMatchObject({ type: "invalid_request_error", code: "proposal_exists" });
    await settled(both.find((r) => r.status === 201)!.body.transaction.id);
    const again = await api(t, "POST", `/v1/governance/${g.id}/proposals`, body);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("proposal_exists");
  }, 90_000);

  it("votes with reason and params, directly and with an extended ballot signed by the voter", async () => {
    const carol = await account(true);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/transfer`, { to: carol.address, amount: "50" });
    await send(carol.wallet, { address: token.address, abi: tokenAbi, functionName: "delegate", args: [carol.address] });
    await mine(1);
    const mint = encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [t.wallet, 2n] });
    const proposed = await api(t, "POST", `/v1/governance/${g.id}/proposals`, { targets: [token.address], calldatas: [mint], description: `Params ${Date.now()}` });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const pid = proposed.body.id;
    await settled(proposed.body.transaction.id);
    const notYet = await api(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/vote`, { support: "for" });
    expect(notYet.status).toBe(400);
    expect(notYet.body.error).toMatchObject({ code: "proposal_state_invalid" });
    await mine(3);
    await confirmed(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/vote_with_params`, { support: "against", reason: "no", params: "0x" });
    const nonce = (await chain().readContract({ address: g.governor_address, abi: governorAbi, functionName: "nonces", args: [carol.address] })) as bigint;
    const extended = {
      domain: { name: "Acme DAO", version: "1", chainId: await chain().getChainId(), verifyingContract: g.governor_address },
      types: {
        ExtendedBallot: [
          { name: "proposalId", type: "uint256" }, { name: "support", type: "uint8" }, { name: "voter", type: "address" }, { name: "nonce", type: "uint256" },
          { name: "reason", type: "string" }, { name: "params", type: "bytes" },
        ],
      },
      primaryType: "ExtendedBallot",
      message: { proposalId: BigInt(pid), support: 1, voter: carol.address, nonce, reason: "yes", params: "0x" },
    } as const;
    const forged = await (await account()).account.signTypedData(extended);
    const refused = await api(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/vote_with_params_by_sig`, { support: "for", reason: "yes", voter: carol.address, signature: forged });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("signature_invalid");
    const signature = await carol.account.signTypedData(extended);
    await confirmed(t, "POST", `/v1/governance/${g.id}/proposals/${pid}/vote_with_params_by_sig`, { support: "for", reason: "yes", voter: carol.address, signature });
    expect((await api(t, "GET", `/v1/governance/${g.id}/proposals/${pid}/votes`)).body).toMatchObject({ for: "50", against: "350", abstain: "0" }); // the tenant gave Carol 50 of its 400
    const [cast] = await eventually(async () => {
      const found = received().filter((e) => e.type === "governance.vote.cast" && e.data.object.proposal === pid && e.data.object.voter === carol.address);
      return found.length ? found : undefined;
    }, "carol's vote event");
    expect(cast.data.object).toMatchObject({ support: "for", weight: "50", reason: "yes", params: null }); // empty params: the governor logs VoteCast
    expect((await api(t, "GET", `/v1/governance/${g.id}/votes_with_params?account=${carol.address}&params=0x`)).body.votes).toBe("50");
    expect((await api(t, "GET", `/v1/governance/${g.id}/checkpoints?account=${carol.address}&pos=0`)).body).toMatchObject({ votes: "50" });
    const supply = (await api(t, "GET", `/v1/governance/${g.id}/past_total_supply`)).body.total_supply;
    expect(BigInt(supply)).toBeGreaterThanOrEqual(1500n);
    expect(BigInt((await api(t, "GET", `/v1/governance/${g.id}/quorum`)).body.quorum)).toBe(BigInt(supply) / 10n);
  }, 90_000);

  it("answers the onlyGovernance setters with the proposal that carries them; refusals record nothing", async () => {
    const writes = await db.transaction.count({ where: { tenantId: t.id } });
    const setter = await api(t, "POST", `/v1/governance/${g.id}/voting_period`, { voting_period: 100 });
    expect(setter.status).toBe(400);
    expect(setter.body.error).toMatchObject({ code: "governance_only", proposal: { targets: [g.governor_address], values: ["0"] } });
    expect(setter.body.error.message).toContain("GovernorOnlyExecutor");
    expect(setter.body.error.proposal.calldatas[0]).toBe(encodeFunctionData({ abi: governorAbi, functionName: "setVotingPeriod", args: [100] }));
    for (const [path, body] of [
      ["proposal_threshold", { proposal_threshold: "1" }], ["timelock", { timelock: t.wallet }], ["update_quorum", { quorum_numerator: 5 }],
      ["voting_delay", { voting_delay: 3 }], ["relay", { target: token.address, data: "0x" }],
    ] as const) {
      const res = await api(t, "POST", `/v1/governance/${g.id}/${path}`, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe("governance_only");
    }
    const cases: [string, string, Record<string, unknown>, string][] = [
      ["POST", "/v1/governance", { name: "x", token: token.address, voting_period: 10 }, "parameter_missing"],
      ["POST", "/v1/governance", { name: "x", token: t.wallet, network: "polygon_amoy", voting_period: 10 }, "token_not_votes"],
      ["POST", `/v1/governance/${g.id}/proposals`, { targets: [token.address], calldatas: ["0x", "0x"], description: "x" }, "parameter_invalid"],
      ["POST", "/v1/tokens", { name: "x", symbol: "X", standard: "ERC721", network: "polygon_amoy", features: { votes: true } }, "parameter_invalid"],
      ["POST", "/v1/tokens", { name: "x", symbol: "X", standard: "ERC20", network: "polygon_amoy", clock_mode: "timestamp" }, "parameter_invalid"],
      ["POST", `/v1/governance/${g.id}/delegate_by_sig`, { delegatee: t.wallet, nonce: "0", expiry: 1, signature: `0x${"11".repeat(64)}1b` }, "signature_expired"],
    ];
    for (const [method, path, body, code] of cases) {
      const res = await api(t, method, path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code, path).toBe(code);
    }
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(writes);
    const future = await api(t, "GET", `/v1/governance/${g.id}/quorum?timepoint=99999999`);
    expect(future.status).toBe(400);
    expect(future.body.error.code).toBe("future_lookup");
    expect((await api(t, "GET", `/v1/governance/${g.id}/clock`)).body).toMatchObject({ mode: "blocknumber" });
    const op = await api(t, "POST", `/v1/governance/${g.id}/timelock/hash_operation`, { target: token.address, data: "0x" });
    expect(op.status).toBe(200);
    const state = await api(t, "GET", `/v1/governance/${g.id}/timelock/operation_state?operation_id=${op.body.operation_id}`);
    expect(state.body).toMatchObject({ state: "Unset", done: false });
  }, 60_000);

  it("follows a token with a timestamp clock", async () => {
    const stamped = await deployToken(t, { name: "Stamp", symbol: "STP", standard: "ERC20", initial_supply: "10", features: { ...ERC20_FEATURES, votes: true }, clock_mode: "timestamp" });
    const sg = await deployGovernance({ name: "Stamp DAO", token: stamped.id, voting_delay: 60, voting_period: 3600, min_delay: 0 });
    const clock = (await api(t, "GET", `/v1/governance/${sg.id}/clock`)).body;
    expect(clock).toMatchObject({ mode: "timestamp", clock_mode: "mode=timestamp" });
    expect(Math.abs(Number(clock.clock) - Number((await chain().getBlock()).timestamp))).toBeLessThan(5);
    // Delay and period count seconds: the vote opens once 60 s have passed, whatever the blocks.
    await confirmed(t, "POST", `/v1/governance/${sg.id}/delegate`, { delegatee: t.wallet });
    await rpc("evm_increaseTime", [1]);
    await mine(1);
    const proposed = await api(t, "POST", `/v1/governance/${sg.id}/proposals`, { targets: [stamped.address], calldatas: ["0x"], description: "On time" });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    await settled(proposed.body.transaction.id);
    const p = (await api(t, "GET", `/v1/governance/${sg.id}/proposals/${proposed.body.id}`)).body;
    expect(Number(p.deadline) - Number(p.snapshot)).toBe(3600);
    expect(Number(p.snapshot)).toBeGreaterThan(1_000_000_000); // unix seconds, not a block number
    await mine(5);
    expect(p.state).toBe("Pending");
    expect((await api(t, "GET", `/v1/governance/${sg.id}/proposals/${proposed.body.id}/state`)).body.state).toBe("Pending");
    await rpc("evm_increaseTime", [61]);
    await mine(1);
    await confirmed(t, "POST", `/v1/governance/${sg.id}/proposals/${proposed.body.id}/vote`, { support: 1 });
    expect((await api(t, "GET", `/v1/governance/${sg.id}/proposals/${proposed.body.id}/votes`)).body.for).toBe("10");
  }, 90_000);

  it("answers 404 for another tenant's governance ids on every route", async () => {
    const pid = (await db.governanceProposal.findFirstOrThrow({ where: { governanceId: g.id } })).proposalId;
    expect((await api(other, "GET", "/v1/governance")).body.data).toEqual([]);
    const { routeTable } = await import("@/lib/api/route-table.generated");
    const routes = routeTable.filter((r) => r.path.startsWith("/v1/governance/[id]"));
    expect(routes.length).toBe(42);
    for (const r of routes) {
      const query = QUERIES[r.path.split("/").pop()!] ?? "";
      const path = r.path.replace("[id]", g.id).replace("[proposalId]", pid) + (query && r.methods.includes("GET") ? `?${query.replace("PID", pid)}` : "");
      for (const method of r.methods) {
        const res = await api(other, method, method === "GET" ? path : path.split("?")[0], method === "GET" ? undefined : (BODIES[r.path.split("/").pop()!] ?? {}));
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error.code).toBe("resource_missing");
      }
    }
  }, 60_000);
  it("catches up a quiet 300,000-block gap in under a minute, while another tenant's governance events go on", async () => {
    const third = await tenant();
    expect((await api(third, "POST", "/v1/webhook_endpoints", { url: receiver.url, events: GOVERNANCE_EVENTS })).status).toBe(201);
    const before = await db.governanceInstance.findUniqueOrThrow({ where: { id: g.id } });
    // Two quiet weeks of 4 s blocks: no governance log in 300,000 blocks.
    await mine(0x493e0);
    const head = await chain().getBlockNumber();
    expect(head - before.syncedBlock).toBeGreaterThan(300_000n);

    // Another tenant's governor, deployed after the gap: its events must not wait for the first one's catch-up.
    const theirs = await deployToken(third, { name: "Theirs", symbol: "THR", standard: "ERC20", initial_supply: "10", features: { ...ERC20_FEATURES, votes: true } });
    const created = await api(third, "POST", "/v1/governance", { name: "Their DAO", token: theirs.id, voting_delay: 1, voting_period: 10, min_delay: 0 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await eventually(async () => (await api(third, "GET", `/v1/governance/${created.body.id}`)).body.status === "active", "their governance active", 60_000);

    const started = Date.now();
    const { address: delegatee } = await account();
    await confirmed(t, "POST", `/v1/governance/${g.id}/delegate`, { delegatee });
    await confirmed(third, "POST", `/v1/governance/${created.body.id}/delegate`, { delegatee: third.wallet });
    const delegatedTo = (governance: string, to: string) => (r: { body: string }) => {
      const e = JSON.parse(r.body);
      return e.type === "governance.delegated" && e.data.object.governance === governance && e.data.object.to_delegate === to;
    };
    await receiver.waitFor(1, delegatedTo(created.body.id, third.wallet), 60_000);
    await receiver.waitFor(1, delegatedTo(g.id, getAddress(delegatee)), 60_000);
    const took = Date.now() - started;
    console.log(`governance catch-up: a ${head - before.syncedBlock}-block quiet gap caught up, both tenants' events delivered in ${(took / 1000).toFixed(1)} s`);
    expect(took).toBeLessThan(60_000);
    const after = await db.governanceInstance.findUniqueOrThrow({ where: { id: g.id } });
    expect(after.syncedBlock).toBeGreaterThan(head);
  }, 180_000);
});
