// Vesting schedules through the HTTP API on the local chain: a wallet deployed and funded by the tenant
// wallet, the vested figures at chosen times, releases paid to the beneficiary with their event and
// webhook, ownership moves, a funding that reverts, and requests refused before anything is recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, getAddress, zeroAddress, type Abi, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import {
  account, api, chain, deployContract, deployToken, ERC20_FEATURES, eventsOf, NETWORK, send, settled, tenant, type TestTenant,
} from "@/lib/tokens/testing";

const balanceOf = (token: Address, who: Address) => chain().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const chainTime = async () => Number((await chain().getBlock()).timestamp);

describe("vesting schedules", () => {
  let t: TestTenant;
  let other: TestTenant;
  let token: { id: string; address: Address };
  let receiver: Receiver;

  /** POST /v1/vesting, then waits until the schedule's transactions settle; returns the schedule. */
  async function vested(body: Record<string, unknown>) {
    const res = await api(t, "POST", "/v1/vesting", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "vesting_schedule", status: "deploying", address: null });
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    const deployed = (await api(t, "GET", `/v1/vesting/${res.body.id}`)).body;
    if (deployed.fund_transaction) await settled(deployed.fund_transaction);
    return (await api(t, "GET", `/v1/vesting/${res.body.id}`)).body;
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    receiver = await startReceiver();
    expect((await api(t, "POST", "/v1/webhook_endpoints", { url: receiver.url, events: ["vesting.released"] })).status).toBe(201);
    token = await deployToken(t, { name: "Vested", symbol: "VST", standard: "ERC20", initial_supply: "100000", features: ERC20_FEATURES });
  });
  afterAll(() => receiver?.close());

  it("deploys a wallet with a cliff, funds it from the tenant wallet, and answers what vests when", async () => {
    const beneficiary = (await account()).address;
    const start = (await chainTime()) + 100_000; // in the future: nothing vests while the test runs
    const before = await balanceOf(token.address, t.wallet);
    const s = await vested({ token: token.id, beneficiary, start, duration_seconds: 100, cliff_seconds: 40, amount: "1000" });
    expect(s).toMatchObject({
      status: "active", network: NETWORK, token: token.id, token_address: token.address, beneficiary, start, duration_seconds: 100,
      cliff_seconds: 40, cliff: start + 40, end: start + 100, amount: "1000", released: "0", failure_reason: null,
    });
    expect(s.transaction).toBe(s.fund_transaction);
    expect(await balanceOf(token.address, s.address)).toBe(1000n);
    expect(await balanceOf(token.address, t.wallet)).toBe(before - 1000n);
    const [deployedEvent] = (await eventsOf(t.id, "vesting.deployed")).filter((e) => e.id === s.id);
    expect(deployedEvent).toMatchObject({ object: "vesting_schedule", address: s.address, status: "funding" });

    const at = async (offset: number) => (await api(t, "GET", `/v1/vesting/${s.id}/vested?timestamp=${start + offset}`)).body;
    expect(await at(-1)).toMatchObject({ object: "vested_amount", vested: "0", total_allocation: "1000", released: "0", timestamp: start - 1 });
    expect((await at(39)).vested).toBe("0"); // the cliff
    expect((await at(40)).vested).toBe("400"); // linear from start once the cliff is over
    expect((await at(75)).vested).toBe("750");
    expect((await at(100)).vested).toBe("1000");
    expect((await at(5000)).vested).toBe("1000");

    const onChain = await api(t, "GET", `/v1/vesting/${s.id}/on_chain`);
    expect(onChain.body).toMatchObject({
      object: "vesting_on_chain", address: s.address, beneficiary, token_address: token.address, start, duration_seconds: 100, cliff: start + 40,
      end: start + 100, balance: "1000", released: "0", releasable: "0", vested: "0", total_allocation: "1000",
    });

    const early = await api(t, "POST", `/v1/vesting/${s.id}/release`, {});
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({ code: "nothing_releasable", param: "id" });
    expect(early.body.error.message).toContain(`the cliff ends at ${start + 40}`);
  });

  it("releases what has vested to the beneficiary, with vesting.released and its webhook", async () => {
    const beneficiary = (await account()).address;
    const start = (await chainTime()) - 1000; // fully vested already: the release pays everything
    const s = await vested({ token: token.id, beneficiary, start, duration_seconds: 100, cliff_seconds: 10, amount: "300" });
    const release = await api(t, "POST", `/v1/vesting/${s.id}/release`, {});
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    expect(release.body).toMatchObject({ object: "transaction", kind: "vesting.release", to: s.address, status: "pending" });
    expect((await settled(release.body.id)).status).toBe("confirmed");

    expect(await balanceOf(token.address, beneficiary)).toBe(300n);
    expect(await balanceOf(token.address, s.address)).toBe(0n);
    expect((await api(t, "GET", `/v1/vesting/${s.id}`)).body).toMatchObject({ released: "300", transaction: release.body.id });
    expect((await api(t, "GET", `/v1/vesting/${s.id}/on_chain`)).body).toMatchObject({ released: "300", balance: "0", releasable: "0", total_allocation: "300" });
    const [event] = (await eventsOf(t.id, "vesting.released")).filter((e) => e.vesting === s.id);
    expect(event).toMatchObject({ object: "vesting_release", beneficiary, token: token.id, amount: "300", released: "300", transaction: release.body.id });
    const [delivered] = await receiver.waitFor(1, (r) => JSON.parse(r.body).data?.object?.vesting === s.id);
    expect(JSON.parse(delivered.body)).toMatchObject({ type: "vesting.released", data: { object: { amount: "300", beneficiary } } });

    const again = await api(t, "POST", `/v1/vesting/${s.id}/release`, {});
    expect(again.status).toBe(400);
    expect(again.body.error.message).toContain("everything vested so far has been released");
  });

  it("releases part way through: the beneficiary gets exactly what had vested at the block that released it", async () => {
    const beneficiary = (await account()).address;
    const start = (await chainTime()) - 50;
    const s = await vested({ token: token.id, beneficiary, start, duration_seconds: 1000, amount: "1000" });
    const release = await api(t, "POST", `/v1/vesting/${s.id}/release`, {});
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    const tx = await settled(release.body.id);
    const block = await chain().getBlock({ blockNumber: tx.blockNumber! });
    const expected = (1000n * (block.timestamp - BigInt(start))) / 1000n;
    expect(expected).toBeGreaterThan(0n);
    expect(expected).toBeLessThan(1000n);
    expect(await balanceOf(token.address, beneficiary)).toBe(expected);
    expect((await api(t, "GET", `/v1/vesting/${s.id}`)).body.released).toBe(expected.toString());
  });

  it("vests any ERC-20 funded outside the API; a funding that reverts leaves the wallet, failed with the reason", async () => {
    const issuer = await account(true);
    const pw = artifact("PlatformERC20");
    const external = getAddress(await deployContract(issuer.wallet, pw.abi as Abi, pw.bytecode, ["Outside", "OUT", 18, 1000n, issuer.address, ERC20_FEATURES]));
    await send(issuer.wallet, { address: external, abi: erc20Abi, functionName: "transfer", args: [t.wallet, 500n] });

    // Funded by hand: active at once, and what the wallet receives vests.
    const start = (await chainTime()) - 1000;
    const byHand = await vested({ token: external, network: NETWORK, beneficiary: issuer.address, start, duration_seconds: 10 });
    expect(byHand).toMatchObject({ status: "active", token: null, token_address: external, amount: null, fund_transaction: null });
    await send(issuer.wallet, { address: external, abi: erc20Abi, functionName: "transfer", args: [byHand.address, 70n] });
    expect((await api(t, "GET", `/v1/vesting/${byHand.id}/vested`)).body).toMatchObject({ vested: "70", total_allocation: "70" });

    // The token is paused after the request is accepted: the funding transfer reverts.
    const res = await api(t, "POST", "/v1/vesting", { token: external, network: NETWORK, beneficiary: issuer.address, duration_seconds: 10, amount: "500" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await send(issuer.wallet, { address: external, abi: pw.abi as Abi, functionName: "pause", args: [] });
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    const funding = (await api(t, "GET", `/v1/vesting/${res.body.id}`)).body;
    expect((await settled(funding.fund_transaction)).status).toBe("failed");
    const failed = (await api(t, "GET", `/v1/vesting/${res.body.id}`)).body;
    expect(failed.status).toBe("failed");
    expect(failed.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(failed.failure_reason).toContain("The funding transfer failed");
    expect(await balanceOf(external, t.wallet)).toBe(500n);
    expect((await api(t, "GET", `/v1/vesting/${res.body.id}/on_chain`)).body).toMatchObject({ balance: "0", total_allocation: "0" });
  });

  it("transfers the wallet when the tenant wallet is its beneficiary, and refuses when it is not", async () => {
    const next = (await account()).address;
    const s = await vested({ token: token.id, beneficiary: t.wallet, duration_seconds: 100 });
    const moved = await api(t, "POST", `/v1/vesting/${s.id}/transfer_ownership`, { new_owner: next });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body).toMatchObject({ object: "transaction", kind: "vesting.transfer_ownership" });
    expect((await settled(moved.body.id)).status).toBe("confirmed");
    expect((await api(t, "GET", `/v1/vesting/${s.id}`)).body.beneficiary).toBe(next);
    expect((await api(t, "GET", `/v1/vesting/${s.id}/on_chain`)).body.beneficiary).toBe(next);

    const refused = await api(t, "POST", `/v1/vesting/${s.id}/transfer_ownership`, { new_owner: t.wallet });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "beneficiary_not_controlled", param: "id" });
  });

  it("refuses what would revert or cannot be done, recording nothing", async () => {
    const nft = await deployToken(t, { name: "Art", symbol: "ART", standard: "ERC721", features: ERC20_FEATURES });
    const otherToken = await deployToken(other, { name: "Theirs", symbol: "THR", standard: "ERC20", initial_supply: "5", features: ERC20_FEATURES });
    const schedules = await db.vestingSchedule.count({ where: { tenantId: t.id } });
    const writes = await db.transaction.count({ where: { tenantId: t.id } });
    const beneficiary = getAddress("0x00000000000000000000000000000000000be4e1");
    const base = { token: token.id, beneficiary, duration_seconds: 100 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, cliff_seconds: 101 }, "parameter_invalid", "cliff_seconds"],
      [{ ...base, beneficiary: zeroAddress }, "parameter_invalid", "beneficiary"],
      [{ ...base, amount: "100000000000000000000" }, "insufficient_balance", "amount"],
      [{ ...base, amount: "0" }, "parameter_invalid", "amount"],
      [{ ...base, network: "sepolia" }, "parameter_invalid", "network"],
      [{ ...base, token: nft.id }, "unsupported_standard", "token"],
      [{ ...base, token: otherToken.id }, "resource_missing", "token"],
      [{ ...base, token: beneficiary }, "parameter_missing", "network"],
      [{ ...base, token: beneficiary, network: NETWORK }, "token_not_erc20", "token"],
      [{ ...base, duration_seconds: -1 }, "parameter_invalid", "duration_seconds"],
      [{ ...base, start: 1e15 }, "parameter_invalid", "start"],
    ];
    for (const [body, code, param] of cases) {
      const res = await api(t, "POST", "/v1/vesting", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ type: "invalid_request_error", code, param });
    }
    expect(await db.vestingSchedule.count({ where: { tenantId: t.id } })).toBe(schedules);
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(writes);
  });

  it("lists and filters a tenant's schedules; another tenant's id answers 404", async () => {
    const all = await api(t, "GET", "/v1/vesting?limit=100");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ object: "list" });
    expect(all.body.data.length).toBeGreaterThanOrEqual(6);
    const mine = await api(t, "GET", `/v1/vesting?beneficiary=${t.wallet}`);
    expect(mine.body.data.length).toBe(0); // its one schedule was transferred away
    const failed = await api(t, "GET", "/v1/vesting?status=failed");
    expect(failed.body.data.map((s: any) => s.status)).toEqual(["failed"]);

    const id = all.body.data[0].id;
    expect((await api(other, "GET", "/v1/vesting")).body.data).toEqual([]);
    for (const path of [`/v1/vesting/${id}`, `/v1/vesting/${id}/on_chain`, `/v1/vesting/${id}/vested`]) {
      const res = await api(other, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("resource_missing");
    }
    expect((await api(other, "POST", `/v1/vesting/${id}/release`, {})).status).toBe(404);
    expect((await api(other, "POST", `/v1/vesting/${id}/transfer_ownership`, { new_owner: other.wallet })).status).toBe(404);
  });
});
