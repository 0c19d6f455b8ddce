// One lab chain in its own process: the project's local Hardhat (EDR) node with a real network's chain id and
// the platform's base contracts (installed while it still mines on demand, as at every local start), then
// switched to the network's block time: blocks every LAB_BLOCK_MS, EIP-1559 base fee moving with fullness.
// Prints `lab chain ready: <url>` once it mines on its own. Run by scripts/lab/lab.ts:
//   LAB_CHAIN_ID=80002 LAB_BLOCK_MS=2000 LOCAL_CHAIN_PORT=0 node --import tsx scripts/lab/chain.ts
import "../../lib/composition/base-contracts"; // what the local chain installs at start
import { startLocalChain } from "@/lib/chain/local/node";
import { exitOnSignals } from "../lib/exit-on-signals";

const chainId = Number(process.env.LAB_CHAIN_ID);
const blockMs = Number(process.env.LAB_BLOCK_MS);
if (!Number.isInteger(chainId) || !Number.isInteger(blockMs) || blockMs <= 0) {
  console.error("LAB_CHAIN_ID and LAB_BLOCK_MS must be whole numbers");
  process.exit(1);
}

const chain = await startLocalChain({ port: Number(process.env.LOCAL_CHAIN_PORT ?? 0), chainId });
const rpc = async (method: string, params: unknown[]) => {
  const response = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
};
await rpc("evm_setAutomine", [false]);
await rpc("evm_setIntervalMining", [blockMs]);
console.log(`lab chain ready: ${chain.rpcUrl} (chain id ${chainId}, a block every ${blockMs} ms)`);

exitOnSignals(() => chain.stop());
