// A transaction that does not get mined is replaced with higher fees (same nonce); re-sending the same
// bytes is harmless. Runs the processor directly against a second local chain that only mines on demand,
// configured as a "real" network through RPC_URL_BASE_SEPOLIA.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeDeployData, type Address } from "viem";
import { db } from "@/lib/db";
import { newTenant } from "@/test/client";
import { artifacts } from "./artifacts";
import { startLocalChain, type LocalChain } from "./local-node";
import { recordChainWrite } from "./transactions";
import { confirmTransaction, NotMinedYet, sendTransaction } from "./processor";
import { tenantWallet } from "./wallets";

let chain: LocalChain;
const rpc = (method: string, params: unknown[] = []) =>
  fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) }).then((r) => r.json());

beforeAll(async () => {
  chain = await startLocalChain({ port: 0, chainId: 84532 });
  await rpc("evm_setAutomine", [false]);
  process.env.RPC_URL_BASE_SEPOLIA = chain.rpcUrl;
  process.env.CONFIRMATIONS_BASE_SEPOLIA = "1";
});
afterAll(async () => {
  delete process.env.RPC_URL_BASE_SEPOLIA;
  await chain.stop();
});

describe("stuck transactions", () => {
  it("are replaced with higher fees and confirm under the replacement's hash", async () => {
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id);
    await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]); // 1000 ETH: no funder on "real" networks
    const data = encodeDeployData({
      abi: artifacts.PlatformERC20.abi,
      bytecode: artifacts.PlatformERC20.bytecode,
      args: ["Stuck", "STK", 18, 0n, wallet.address as Address, { mintable: true, burnable: false, pausable: false }],
    } as never);
    const record = await recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "test.deploy", data, request: {} });

    expect(await sendTransaction(record.id)).toBe("submitted");
    expect(await sendTransaction(record.id)).toBe("submitted"); // a repeat re-sends nothing new
    const first = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(first).toMatchObject({ status: "submitted", nonce: 0 });
    await expect(confirmTransaction(record.id, 200)).rejects.toBeInstanceOf(NotMinedYet);

    process.env.TX_STUCK_AFTER_SECONDS = "0";
    try {
      await expect(confirmTransaction(record.id, 200)).rejects.toBeInstanceOf(NotMinedYet);
    } finally {
      delete process.env.TX_STUCK_AFTER_SECONDS;
    }
    const replaced = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(replaced.hashes.length).toBeGreaterThanOrEqual(2);
    expect(replaced.nonce).toBe(0);
    expect(BigInt(replaced.maxFeePerGas!)).toBeGreaterThan(BigInt(first.maxFeePerGas!));

    await rpc("evm_mine");
    expect(await confirmTransaction(record.id, 5_000)).toBe("confirmed");
    const done = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(done.hash).toBe(replaced.hashes.at(-1));
    expect(done.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});
