// VRF fulfilments and reorganisations, on a private chain standing in for Sepolia (its own RPC_URL_SEPOLIA, the
// platform's VRF base installed as on the local chain): the real watcher delivers the coordinator's logs, and the
// test hands them to the function the executor would run, so each step happens when the test says.
import { afterAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, encodeFunctionData, getAddress, http, parseEventLogs, toHex, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Inngest } from "inngest";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { unwatchLogs } from "@/lib/chain/watch/subscriptions";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, pollChainLogs, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { newTenant } from "@/test/client";
import { privateChain } from "@/test/private-chain";
import { addLocalConsumer, LOCAL_VRF_KEY_HASH, localCoordinator, localSubscriptionId, sendAsLocalVrfAccount } from "./base";
import { VRF_LOG_EVENT, vrfFulfilledLog, vrfFulfilmentRemoved, watchCoordinator } from "./watch";

const { rpc, chain } = privateChain("sepolia", 11155111, { env: { CONFIRMATIONS_SEPOLIA: "1" } });
afterAll(async () => {
  for (const id of (await db.chainLogSubscription.findMany({ where: { chainKey: "sepolia", active: true } })).map((s) => s.id)) await unwatchLogs(id);
});

/** A consumer on the chain's mock coordinator with one request recorded as pending. */
async function pendingRequest() {
  const admin = privateKeyToAccount(generatePrivateKey());
  await rpc("hardhat_setBalance", [admin.address, toHex(10n ** 20n)]);
  const wallet = createWalletClient({ account: admin, chain: chain().chain, transport: http(chain().rpcUrl) });
  const reader = createPublicClient({ chain: chain().chain, transport: http(chain().rpcUrl) });
  const consumerArtifact = artifact("PlatformVRFConsumer");
  const subscriptionId = await localSubscriptionId("sepolia");
  const deployed = await reader.waitForTransactionReceipt({
    hash: await wallet.deployContract({ abi: consumerArtifact.abi, bytecode: consumerArtifact.bytecode, args: [localCoordinator(), admin.address, LOCAL_VRF_KEY_HASH, BigInt(subscriptionId), 1, 500_000] }),
    pollingInterval: 50,
  });
  const consumer = getAddress(deployed.contractAddress!);
  await addLocalConsumer("sepolia", subscriptionId, consumer);
  const requested = await reader.waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: consumer, abi: consumerArtifact.abi, functionName: "requestRandomWords", args: [2] }),
    pollingInterval: 50,
  });
  const [log] = parseEventLogs({ abi: artifact("VRFCoordinatorV2_5Mock").abi as Abi, eventName: "RandomWordsRequested", logs: requested.logs });
  const requestId = String((log.args as { requestId: bigint }).requestId);
  const t = await newTenant("VRF reorgs");
  const row = await db.vrfRequest.create({
    data: {
      id: `vrfreq_reorg_${requestId}_${Date.now()}`, tenantId: t.auth.tenant.id, consumerId: "vrfc_reorg", network: "sepolia", coordinator: localCoordinator(),
      consumer, numWords: 2, requestId, status: "pending", txId: "tx_reorg",
    },
  });
  await watchCoordinator("sepolia", localCoordinator(), subscriptionId, requested.blockNumber);
  const fulfil = () =>
    sendAsLocalVrfAccount("sepolia", localCoordinator(), encodeFunctionData({ abi: artifact("VRFCoordinatorV2_5Mock").abi as Abi, functionName: "fulfillRandomWords", args: [BigInt(requestId), consumer as Address] }));
  return { row, requestId, fulfil };
}

describe("a fulfilment from an orphaned block", () => {
  it("returns the request to pending (chain/log.removed), and the new branch's fulfilment ends it again", async () => {
    const sent: { name: string; data: ChainLogEventData }[] = [];
    const capturing = { send: async (events: typeof sent) => void sent.push(...events) } as unknown as Inngest.Any;
    const { row, requestId, fulfil } = await pendingRequest();
    const delivered = (name: string) => sent.filter((e) => e.name === name && e.data.event === VRF_LOG_EVENT && (e.data.args as { requestId: string }).requestId === requestId).map((e) => e.data);
    const shown = () => db.vrfRequest.findUniqueOrThrow({ where: { id: row.id } });
    await pollChainLogs("sepolia", { inngest: capturing }); // past the fork point

    const snapshot = await rpc("evm_snapshot");
    await fulfil();
    await pollChainLogs("sepolia", { inngest: capturing });
    const [log] = delivered(CHAIN_LOG);
    await vrfFulfilledLog(log);
    const fulfilled = await shown();
    expect(fulfilled).toMatchObject({ status: "fulfilled", fulfilledBlockHash: log.block_hash });
    expect(fulfilled.randomWords).toHaveLength(2);

    await rpc("evm_revert", [snapshot]);
    await rpc("hardhat_mine", ["0x2"]); // the new branch, longer, without the fulfilment
    await pollChainLogs("sepolia", { inngest: capturing });
    const [removed] = delivered(CHAIN_LOG_REMOVED);
    expect(removed).toEqual({ ...log, removed: true });
    expect(await vrfFulfilmentRemoved(removed)).toEqual([row.id]);
    expect(await shown()).toMatchObject({ status: "pending", randomWords: [], fulfilledAt: null, fulfilledBlockHash: null });
    expect(await vrfFulfilmentRemoved(removed)).toEqual([]); // once

    // Fulfilled again on the new branch: its log (another block) ends it, and the old removal, late, changes nothing.
    await fulfil();
    await pollChainLogs("sepolia", { inngest: capturing });
    const again = delivered(CHAIN_LOG).find((l) => l.block_hash !== log.block_hash)!;
    await vrfFulfilledLog(again);
    expect(await shown()).toMatchObject({ status: "fulfilled", fulfilledBlockHash: again.block_hash });
    expect(await vrfFulfilmentRemoved(removed)).toEqual([]);
    expect((await shown()).status).toBe("fulfilled");
  });
});
