// Runs the embedded local chain until interrupted: `npx tsx scripts/chain.ts`.
// Port from LOCAL_CHAIN_PORT (default 8545); the RPC URL is printed as `local chain ready: <url>`
// once Permit2 and the CREATE2 deployer are installed, so a parent process can wait for that line.
import "../lib/composition/base-contracts"; // what the local chain installs at start
import { startLocalChain } from "@/lib/chain/local/node";
import { exitOnSignals } from "./lib/exit-on-signals";

const port = Number(process.env.LOCAL_CHAIN_PORT ?? 8545);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`LOCAL_CHAIN_PORT must be a port number, got ${process.env.LOCAL_CHAIN_PORT}`);
  process.exit(1);
}

const chain = await startLocalChain({ port });
console.log(`local chain ready: ${chain.rpcUrl} (chain id ${chain.chainId}, ${chain.accounts.length} funded accounts)`);

exitOnSignals(() => chain.stop());
