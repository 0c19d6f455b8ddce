// A second local chain of a test file's own, serving a test network as a "real" one (RPC_URL_<NETWORK>): the
// pipeline's behaviour on a chain the test drives block by block (reorgs by evm_snapshot / evm_revert included),
// without disturbing the shared test chain.
import { afterAll, beforeAll } from "vitest";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";

interface PrivateChainOptions {
  /** Mine each transaction at once (else only on demand). */
  automine?: boolean;
  /** More settings for the test file's run, e.g. CONFIRMATIONS_<NETWORK>. */
  env?: Record<string, string>;
}

export function privateChain(network: string, chainId: number, { automine = true, env = {} }: PrivateChainOptions = {}) {
  let chain: LocalChain;
  const rpcVariable = `RPC_URL_${network.toUpperCase()}`;
  const saved = Object.fromEntries([rpcVariable, ...Object.keys(env)].map((name) => [name, process.env[name]]));
  /** A JSON-RPC call to the chain; answers its `result`. */
  const rpc = (method: string, params: unknown[] = []) =>
    fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })
      .then((r) => r.json())
      .then((r) => r.result);
  beforeAll(async () => {
    chain = await startLocalChain({ port: 0, chainId });
    if (!automine) await rpc("evm_setAutomine", [false]);
    Object.assign(process.env, { [rpcVariable]: chain.rpcUrl, ...env });
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await chain.stop();
  });
  return { rpc, chain: () => chain };
}

/** base_sepolia, mining only on demand, one confirmation and no reorg watch (lib/chain/records/reorg.test.ts has its own). */
export function privateBaseSepolia(env: Record<string, string> = {}) {
  const { rpc } = privateChain("base_sepolia", 84532, { automine: false, env: { CONFIRMATIONS_BASE_SEPOLIA: "1", FINALITY_BLOCKS_BASE_SEPOLIA: "0", ...env } });
  return { rpc };
}
