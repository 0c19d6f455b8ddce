// npm run bench:lab (issue 32, "Benchmark"): on the lab's 2 s-block chain (polygon_amoy: chain id 80002, its
// fault proxy capping 16 pending transactions per sender, MAX_IN_FLIGHT_POLYGON_AMOY=16, 3 confirmations),
// 200 and then 1,000 mints requested at once through the product's API, against raw viem sends of the same
// mints from one account kept at the same in-flight cap (16 sent and unmined), through the same RPC.
// For each: confirmed mints per second (from the first request to the last confirmation), mints per block
// (over the blocks from the first inclusion to the last), and inclusion delay in blocks from the request
// (the block a mint is mined in minus the head when it was requested: 1 is the first block that starts after
// the request arrived), p50 and p95. Prints the product/raw ratios (goal ≥ 0.9) and the p50 delays (goal 1).
// BENCH_LAB_COUNTS=200,1000 sets the sizes.
import { createPublicClient, encodeDeployData, encodeFunctionData, http, parseEther, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import pg from "pg";
import "../../lib/composition/base-contracts"; // what the lab chain installs at start
import { artifact } from "../../lib/chain/artifacts";
import { fund, LAB_NETWORKS, startLab } from "./lab";

const NETWORK = LAB_NETWORKS.find((n) => n.name === "polygon_amoy")!;
const CAP = NETWORK.maxInFlight!;
const COUNTS = (process.env.BENCH_LAB_COUNTS ?? "200,1000").split(",").map(Number);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

const lab = await startLab({ networks: [NETWORK], appEnv: { RATE_LIMIT_GENERAL_PER_MINUTE: "1000000", BILLING_QUOTAS: "off" } });
const [chain] = lab.chains;
const rpc = createPublicClient({ transport: http(chain.proxy.url) });
const db = new pg.Pool({ connectionString: lab.databaseUrl, max: 3 });

/** The head as it moves, sampled every 100 ms: headAt(t) is the last block seen at or before t. */
const heads: { at: number; head: bigint }[] = [{ at: Date.now(), head: await rpc.getBlockNumber({ cacheTime: 0 }) }];
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    const head = await createPublicClient({ transport: http(chain.nodeUrl) }).getBlockNumber({ cacheTime: 0 }).catch(() => null);
    if (head !== null && head !== heads[heads.length - 1].head) heads.push({ at: Date.now(), head });
    await sleep(100);
  }
})();
const headAt = (at: number) => {
  let found = heads[0].head;
  for (const h of heads) if (h.at <= at) found = h.head;
  return found;
};
const headNow = () => heads[heads.length - 1].head;

async function api(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(lab.appUrl + path, {
    method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

interface Figures {
  confirmedPerSecond: number;
  mintsPerBlock: number;
  delayP50: number;
  delayP95: number;
  seconds: number;
}

function figures(requestedAt: number[], blocks: bigint[], startedAt: number, confirmedAt: number): Figures {
  const delays = blocks.map((b, i) => Number(b - headAt(requestedAt[i])));
  const span = Number(blocks.reduce((a, b) => (b > a ? b : a)) - blocks.reduce((a, b) => (b < a ? b : a))) + 1;
  const seconds = (confirmedAt - startedAt) / 1000;
  return { confirmedPerSecond: blocks.length / seconds, mintsPerBlock: blocks.length / span, delayP50: percentile(delays, 50), delayP95: percentile(delays, 95), seconds };
}

/** The product: `n` POST /v1/tokens/{id}/mint at once, followed in the database to their confirmation. */
async function product(key: string, tokenId: string, wallet: Address, n: number): Promise<Figures> {
  const startedAt = Date.now();
  const requestedAt: number[] = [];
  const ids = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const sent = Date.now();
      const answer = await api("POST", `/v1/tokens/${tokenId}/mint`, key, { to: wallet, amount: "1" });
      requestedAt[i] = sent;
      return answer.id as string;
    }),
  );
  for (;;) {
    const [{ open, failed }] = (await db.query("SELECT count(*) FILTER (WHERE status NOT IN ('confirmed','failed','cancelled'))::int AS open, count(*) FILTER (WHERE status <> 'confirmed' AND status NOT IN ('pending','submitted'))::int AS failed FROM transactions WHERE id = ANY($1)", [ids])).rows;
    if (failed) throw new Error(`${failed} of the product's mints did not confirm`);
    if (!open) break;
    await sleep(200);
  }
  const rows = (await db.query("SELECT id, block_number, confirmed_at FROM transactions WHERE id = ANY($1)", [ids])).rows as { id: string; block_number: string; confirmed_at: Date }[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const confirmedAt = Math.max(...rows.map((r) => r.confirmed_at.getTime()));
  return figures(requestedAt, ids.map((id) => BigInt(byId.get(id)!.block_number)), startedAt, confirmedAt);
}

const ERC20 = artifact("PlatformERC20");
const mintData = (to: Address) => encodeFunctionData({ abi: ERC20.abi, functionName: "mint", args: [to, 1n] } as never);

/** Raw viem: one funded account signs the mints itself and keeps at most CAP sent and unmined. */
async function raw(n: number): Promise<Figures> {
  const account = privateKeyToAccount(generatePrivateKey());
  await fund(chain.nodeUrl, account.address, parseEther("1000"));
  const chainId = NETWORK.chainId;
  let nonce = await rpc.getTransactionCount({ address: account.address, blockTag: "pending" });
  const fees = async () => {
    const block = await rpc.getBlock({ blockTag: "latest" });
    const tip = await rpc.estimateMaxPriorityFeePerGas();
    return { maxFeePerGas: (block.baseFeePerGas! * 12n) / 10n + tip, maxPriorityFeePerGas: tip };
  };
  const deploy = await account.signTransaction({
    chainId, nonce: nonce++, gas: 8_000_000n, ...(await fees()), type: "eip1559",
    data: encodeDeployData({ abi: ERC20.abi, bytecode: ERC20.bytecode, args: ["Raw", "RAW", 18, 0n, account.address, { mintable: true, burnable: false, pausable: false }] } as never),
  });
  const deployed = await rpc.waitForTransactionReceipt({ hash: await rpc.sendRawTransaction({ serializedTransaction: deploy }), pollingInterval: 200 });
  const token = deployed.contractAddress!;
  const gas = ((await rpc.estimateGas({ account: account.address, to: token, data: mintData(account.address) })) * 12n) / 10n;

  const startedAt = Date.now();
  const requestedAt = Array<number>(n).fill(startedAt); // all n requested at once, as the product's are
  const blocks = Array<bigint>(n);
  const inFlight = new Map<Hex, number>();
  let next = 0;
  let mined = 0;
  let price = await fees();
  let priced = headNow();
  while (mined < n) {
    if (headNow() !== priced) [price, priced] = [await fees(), headNow()];
    while (inFlight.size < CAP && next < n) {
      const signed = await account.signTransaction({ chainId, nonce: nonce++, gas, ...price, type: "eip1559", to: token, data: mintData(account.address) });
      inFlight.set(await rpc.sendRawTransaction({ serializedTransaction: signed }), next++);
    }
    await sleep(100);
    const receipts = await Promise.all([...inFlight.keys()].map((hash) => rpc.getTransactionReceipt({ hash }).catch(() => null)));
    for (const receipt of receipts) {
      if (!receipt) continue;
      if (receipt.status !== "success") throw new Error(`raw mint ${receipt.transactionHash} reverted`);
      blocks[inFlight.get(receipt.transactionHash)!] = receipt.blockNumber;
      inFlight.delete(receipt.transactionHash);
      mined++;
    }
  }
  // Confirmed as the product counts it: CONFIRMATIONS blocks deep.
  const last = blocks.reduce((a, b) => (b > a ? b : a));
  while (headNow() - last + 1n < BigInt(NETWORK.confirmations)) await sleep(50);
  return figures(requestedAt, blocks, startedAt, Date.now());
}

try {
  const reg = await api("POST", "/auth/register", undefined, { email: `bench-lab-${Date.now()}@example.com`, password: "correct horse 1", company_name: "Bench Lab", full_name: "Bench" });
  const key = (await api("POST", "/v1/api_keys", reg.access_token, { name: "bench", environment: "test" })).secret as string;
  const wallet = (await api("GET", "/v1/settings/wallet-mode", key)).wallet_address as Address;
  await fund(chain.nodeUrl, wallet, parseEther("1000"));
  const token = await api("POST", "/v1/tokens", key, { name: "Bench", symbol: "BNCH", standard: "ERC20", network: NETWORK.name, initial_supply: "0", decimals: 0, features: { mintable: true, burnable: false, pausable: false } });
  for (;;) {
    if ((await api("GET", `/v1/tokens/${token.id}`, key)).status === "deployed") break;
    await sleep(500);
  }
  const lines: string[] = [];
  const show = (f: Figures) => `${f.confirmedPerSecond.toFixed(2)} confirmed/s, ${f.mintsPerBlock.toFixed(2)} mints/block, inclusion delay p50 ${f.delayP50} / p95 ${f.delayP95} blocks (${f.seconds.toFixed(1)} s)`;
  for (const n of COUNTS) {
    const ours = await product(key, token.id, wallet, n);
    const theirs = await raw(n);
    lines.push(
      `${n} mints in flight on ${NETWORK.name} (${NETWORK.blockMs / 1000} s blocks, at most ${CAP} in flight, ${NETWORK.confirmations} confirmations):`,
      `  product  ${show(ours)}`,
      `  raw viem ${show(theirs)}`,
      `  ratios   confirmed/s ${(ours.confirmedPerSecond / theirs.confirmedPerSecond).toFixed(2)}, mints/block ${(ours.mintsPerBlock / theirs.mintsPerBlock).toFixed(2)} (goal ≥ 0.9); p50 inclusion ${ours.delayP50} block(s) after the request (goal 1)`,
    );
    console.log(lines.slice(-4).join("\n"));
  }
  console.log(`\n[bench:lab]\n${lines.join("\n")}`);
} finally {
  sampling = false;
  await sampler;
  await db.end();
  await lab.stop();
}
process.exit(0);
