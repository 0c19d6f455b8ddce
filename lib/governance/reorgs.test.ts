// Governance logs and reorganisations, on a private chain standing in for Sepolia (its own RPC_URL_SEPOLIA): the
// real watcher delivers a voting token's DelegateChanged logs and the test hands them to the function the
// executor would run (governance-logs), so each step happens when the test says.
import { afterAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, getAddress, http, toHex, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Inngest } from "inngest";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { unwatchLogs } from "@/lib/chain/watch/subscriptions";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, pollChainLogs, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { newTenant } from "@/test/client";
import { privateChain } from "@/test/private-chain";
import { governanceLog, governanceLogRemoved, watchVotingToken } from "./watch";

const { rpc, chain } = privateChain("sepolia", 11155111, { env: { CONFIRMATIONS_SEPOLIA: "1" } });
afterAll(async () => {
  for (const id of (await db.chainLogSubscription.findMany({ where: { chainKey: "sepolia", active: true } })).map((s) => s.id)) await unwatchLogs(id);
});

it("a delegation from an orphaned block is withdrawn (governance.reorged) and the new branch's delegation is its own event", async () => {
  const holder = privateKeyToAccount(generatePrivateKey());
  await rpc("hardhat_setBalance", [holder.address, toHex(10n ** 20n)]);
  const wallet = createWalletClient({ account: holder, chain: chain().chain, transport: http(chain().rpcUrl) });
  const reader = createPublicClient({ chain: chain().chain, transport: http(chain().rpcUrl) });
  const votes = artifact("PlatformERC20Votes");
  const receipt = async (hash: `0x${string}`) => reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const deployed = await receipt(await wallet.deployContract({
    abi: votes.abi, bytecode: votes.bytecode, args: ["Votes", "VOT", 18, 10n ** 21n, holder.address, { mintable: true, burnable: false, pausable: false }, false],
  }));
  const token = getAddress(deployed.contractAddress!);
  const delegate = async (to: Address) => receipt(await wallet.writeContract({ address: token, abi: votes.abi, functionName: "delegate", args: [to] }));
  const t = await newTenant("Governance reorgs");
  const instance = await db.governanceInstance.create({
    data: {
      id: `gov_reorg_${Date.now()}`, tenantId: t.auth.tenant.id, network: "sepolia", name: "Reorg DAO", tokenAddress: token, votingDelay: "1", votingPeriod: "10",
      proposalThreshold: "0", quorumNumerator: "4", minDelay: "0", status: "active", deployTxId: "tx_reorg", lastTxId: "tx_reorg", syncedBlock: deployed.blockNumber,
    },
  });
  await watchVotingToken("sepolia", token);
  const sent: { name: string; data: ChainLogEventData }[] = [];
  const capturing = { send: async (events: typeof sent) => void sent.push(...events) } as unknown as Inngest.Any;
  const delivered = (name: string) => sent.filter((e) => e.name === name && e.data.address === token).map((e) => e.data);
  const events = async () =>
    (await db.event.findMany({ where: { tenantId: t.auth.tenant.id, type: { startsWith: "governance." } }, orderBy: { id: "asc" } })).map((e) => {
      const object = (e.data as { object: Record<string, unknown> }).object;
      return [e.type, object.to_delegate ?? object.withdrawn, object.block_hash ?? null];
    });
  const [alice, bob] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
  await pollChainLogs("sepolia", { inngest: capturing }); // past the fork point

  const snapshot = await rpc("evm_snapshot");
  const orphaned = await delegate(alice);
  await pollChainLogs("sepolia", { inngest: capturing });
  const [log] = delivered(CHAIN_LOG);
  expect(await governanceLog(log)).toEqual([`${instance.id}:governance.delegated`]);
  expect(await events()).toEqual([["governance.delegated", alice, null]]);

  // The new branch delegates to bob instead, in a block of the same height.
  await rpc("evm_revert", [snapshot]);
  const replacement = await delegate(bob);
  expect(replacement.blockNumber).toBe(orphaned.blockNumber);
  await pollChainLogs("sepolia", { inngest: capturing });
  const [removed] = delivered(CHAIN_LOG_REMOVED);
  expect(removed).toEqual({ ...log, removed: true });
  // The new branch's log arrives first: its block is synced already, so it waits for the removal's resync.
  const [fresh] = delivered(CHAIN_LOG).filter((l) => l.block_hash === replacement.blockHash);
  expect(await governanceLog(fresh)).toEqual([]);

  expect(await governanceLogRemoved(removed)).toEqual([`${instance.id}:governance.reorged`, `${instance.id}:governance.delegated`]);
  expect(await events()).toEqual([
    ["governance.delegated", alice, null],
    ["governance.reorged", "governance.delegated", orphaned.blockHash],
    ["governance.delegated", bob, null],
  ]);
  expect((await db.governanceLog.findMany({ where: { governanceId: instance.id } })).map((l) => l.blockHash)).toEqual([replacement.blockHash]);
  // Idempotent: again, nothing more.
  expect(await governanceLogRemoved(removed)).toEqual([]);
  expect(await governanceLog(fresh)).toEqual([]);
  expect(await events()).toHaveLength(3);
});
