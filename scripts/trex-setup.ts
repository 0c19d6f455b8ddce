// npm run trex:setup -- --network <name>
// Deploys the platform's T-REX base contracts (suite implementations, TREXFactory, IdFactory, compliance
// module implementations; ≈27M gas) on a network served by RPC_URL_<NAME>, from PLATFORM_SIGNER_KEY, and
// prints the TREX_BASE_<NAME> line to put in the app's environment. The local chain needs none of this:
// it deploys the same base at start.
import { createPublicClient, createWalletClient, getAddress, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployTrexBase } from "@/lib/trex/suite/base";

const at = process.argv.indexOf("--network");
const network = at >= 0 ? process.argv[at + 1] : undefined;
const rpcUrl = network && process.env[`RPC_URL_${network.toUpperCase()}`];
const key = process.env.PLATFORM_SIGNER_KEY as Hex | undefined;
if (!network || !rpcUrl || !key) {
  console.error("usage: RPC_URL_<NETWORK>=… PLATFORM_SIGNER_KEY=0x… npm run trex:setup -- --network <network>");
  process.exit(1);
}

const account = privateKeyToAccount(key);
const transport = http(rpcUrl);
const publicClient = createPublicClient({ transport });
const chain = { id: await publicClient.getChainId() } as never;
const wallet = createWalletClient({ account, chain, transport });
let step = 0;
const base = await deployTrexBase(account.address, async (tx) => {
  const hash = await wallet.sendTransaction({ to: tx.to ?? null, data: tx.data } as never);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`step ${step} reverted (${hash})`);
  console.error(`trex:setup: step ${++step} mined in block ${receipt.blockNumber}`);
  return receipt.contractAddress ? getAddress(receipt.contractAddress) : null;
});
console.log(`TREX_BASE_${network.toUpperCase()}='${JSON.stringify(base)}'`);
