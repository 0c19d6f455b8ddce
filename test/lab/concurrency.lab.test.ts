// Issue 32, "What must hold" 1: writes on all three lab chains at once. Token deploys and mints, a Connect user
// operation (through each network's alto), a Safe execution and a vault deposit on polygon_amoy (2 s
// blocks), base_sepolia (2 s) and arbitrum_sepolia (250 ms, no mempool) together: every record ends confirmed
// exactly once (one transaction.confirmed event, one on-chain transaction, no nonce gap), and the chain id
// signed into every transaction, user operation hash and EIP-712 domain is the network's real one. Then one
// chain halts for 60 s: the others' confirmation latencies do not move, and its own records complete after.
import { afterAll, describe, expect, it } from "vitest";
import { sleep } from "@/test/faults/cluster";
import { auditWallet, chainOf, closeSql, lab, latencies, median, mints, newTenant, nodeRpc, ok, totalSupply, waitFinal, deployToken, NETWORKS } from "./helpers";
import { connectUserOperation, safeExecution, vaultDeposit } from "./flows";

afterAll(() => closeSql());

const MINTS_PER_CHAIN = 10;

describe("the lab: concurrency across chains", () => {
  it("GET /v1/networks names each lab network's real chain id, served by its configured RPC", async () => {
    const tenant = await newTenant("networks");
    const list = await ok("GET", "/v1/networks", { token: tenant.key });
    for (const chain of lab.chains) {
      const network = list.data.find((n: { name: string }) => n.name === chain.name);
      expect(network).toMatchObject({ chain_id: chain.chainId, available: true, rpc: new URL(chain.rpcUrl).origin });
    }
  });

  it("deploys and mints on all three chains at once: every record confirmed exactly once, with the network's real chain id", async () => {
    const tenant = await newTenant("concurrency");
    const started = Date.now();
    const perChain = await Promise.all(
      NETWORKS.map(async (network) => {
        const token = await deployToken(tenant, network, `C${network.slice(0, 3).toUpperCase()}`);
        expect(token.status).toBe("deployed");
        const ids = await mints(tenant, token.id, MINTS_PER_CHAIN, tenant.wallet);
        const records = await waitFinal(ids, 180_000);
        return { network, token, records, seconds: (Date.now() - started) / 1000 };
      }),
    );
    for (const { network, token, records, seconds } of perChain) {
      console.log(`[lab] ${network}: deploy + ${MINTS_PER_CHAIN} mints final after ${seconds.toFixed(1)} s`);
      expect(records.map((r) => [r.status, r.error_code])).toEqual(records.map(() => ["confirmed", null]));
      expect(await totalSupply(network, token.address)).toBe(BigInt(MINTS_PER_CHAIN));
      const audit = await auditWallet(tenant.wallet, network);
      expect(audit).toMatchObject({ records: MINTS_PER_CHAIN + 1, confirmed: MINTS_PER_CHAIN + 1, failed: [], gaps: [], duplicates: [], wrong: [], eventsNotOnce: [] });
      expect(audit.chainNonce).toBe(MINTS_PER_CHAIN + 1);
      const record = await ok("GET", `/v1/transactions/${token.deploy_tx}`, { token: tenant.key });
      expect(record).toMatchObject({ network, status: "confirmed" });
    }
  });

  // The user operations run beside the Safe executions and vault deposits; their outcome is checked on its own
  // (next test), so that a bundler's refusal is not mistaken for a failure of the wallet's own records.
  let userOps: Promise<PromiseSettledResult<Awaited<ReturnType<typeof connectUserOperation>>>[]> | undefined;

  it("a Safe execution and a vault deposit on all three chains at once (beside a Connect user operation on each): each confirmed once, under the real chain id", async () => {
    const tenant = await newTenant("modules");
    const started: Promise<Awaited<ReturnType<typeof connectUserOperation>>>[] = [];
    const perChain = await Promise.all(
      NETWORKS.map(async (network) => {
        const token = await deployToken(tenant, network, `M${network.slice(0, 3).toUpperCase()}`);
        const minted = await waitFinal(await mints(tenant, token.id, 2, tenant.wallet), 180_000);
        const userOp = connectUserOperation(tenant, network);
        started.push(userOp);
        userOp.catch(() => {}); // checked in the next test
        const [safe, vault] = await Promise.all([safeExecution(tenant, network), vaultDeposit(tenant, network, token.id)]);
        return { network, minted, safe, vault };
      }),
    );
    userOps = Promise.allSettled(started);
    for (const { network, minted, safe, vault } of perChain) {
      console.log(`[lab] ${network}: Safe execution ${safe.record.status}; vault deposit ${vault.status}`);
      expect(minted.map((r) => r.status)).toEqual(["confirmed", "confirmed"]);
      expect(safe.record).toMatchObject({ status: "confirmed", error_code: null });
      expect(safe.done.status).toBe("executed");
      expect(vault.status).toBe("succeeded");
      expect(vault.shown).toMatchObject({ status: "succeeded", assets: "1" });
      // deploy, 2 mints, Safe deploy + execution, vault deploy + approve + deposit: all the wallet's, each once.
      const audit = await auditWallet(tenant.wallet, network);
      expect(audit).toMatchObject({ records: 8, confirmed: 8, failed: [], gaps: [], duplicates: [], wrong: [], eventsNotOnce: [], chainNonce: 8 });
    }
  });

  it("the Connect user operations (ECDSA-owned Kernel accounts through each network's alto) confirmed, their hash under the real chain id", async () => {
    expect(userOps).toBeDefined();
    const settled = await userOps!;
    const refused = settled.flatMap((s) => (s.status === "rejected" ? [String((s.reason as Error).message).slice(0, 400)] : []));
    expect(refused).toEqual([]);
    for (const s of settled) {
      const userOp = (s as PromiseFulfilledResult<Awaited<ReturnType<typeof connectUserOperation>>>).value;
      console.log(`[lab] ${userOp.network}: user operation ${userOp.row.status} in ${userOp.seconds.toFixed(1)} s`);
      expect(userOp.row).toMatchObject({ status: "confirmed", success: true });
      expect(userOp.shown).toMatchObject({ status: "confirmed", chain_id: String(chainOf(userOp.network).chainId) });
      expect(userOp.recipientBalance).toBeGreaterThan(0n);
    }
  });

  it("one chain halted for 60 s: the others' confirmation latencies do not move, and the halted chain's records complete after it resumes", async () => {
    const halted = "base_sepolia";
    const others = NETWORKS.filter((n) => n !== halted);
    const tenant = await newTenant("halt");
    const tokens = Object.fromEntries(await Promise.all(NETWORKS.map(async (n) => [n, await deployToken(tenant, n, `H${n.slice(0, 3).toUpperCase()}`)] as const)));
    const before = await latencies(tenant, tokens, others, 3, 0);
    await nodeRpc(halted, "evm_setIntervalMining", [0]);
    const haltedAt = Date.now();
    let resumed = false;
    try {
      const stranded = await mints(tenant, tokens[halted].id, 3, tenant.wallet);
      const during = await latencies(tenant, tokens, others, 100, 60_000);
      const headBefore = await chainHead(halted);
      await sleep(Math.max(0, 60_000 - (Date.now() - haltedAt)));
      expect(await chainHead(halted)).toBe(headBefore); // it really stood still
      expect((await waitFinal(stranded, 1_000).catch(() => null))).toBeNull(); // nothing final while halted
      await nodeRpc(halted, "evm_setIntervalMining", [chainOf(halted).blockMs]);
      resumed = true;
      const records = await waitFinal(stranded, 180_000);
      for (const network of others) {
        const [p50Before, p50During] = [median(before[network]), median(during[network])];
        console.log(`[lab] ${network} while ${halted} halted: confirmation latency p50 ${p50Before.toFixed(2)} s before, ${p50During.toFixed(2)} s during (${before[network].length} and ${during[network].length} mints)`);
        // "Does not move": within half again the p50 before, or one block time, whichever is larger.
        expect(p50During).toBeLessThanOrEqual(Math.max(p50Before * 1.5, p50Before + chainOf(network).blockMs / 1000));
      }
      expect(records.map((r) => r.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
      expect(await auditWallet(tenant.wallet, halted)).toMatchObject({ records: 4, confirmed: 4, failed: [], gaps: [], duplicates: [], wrong: [], eventsNotOnce: [] });
    } finally {
      if (!resumed) await nodeRpc(halted, "evm_setIntervalMining", [chainOf(halted).blockMs]);
    }
  });
});

const chainHead = async (network: string) => BigInt(await nodeRpc(network, "eth_blockNumber", []));
