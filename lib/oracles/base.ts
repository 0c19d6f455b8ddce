// The price-feed base contracts of the local chain: a Chainlink MockV3Aggregator per listed pair (realistic
// decimals and an initial round) and the PlatformPriceConsumerFactory. They are created through the CREATE2
// deployer with fixed salts, so their addresses follow from the bytecode and are the same at every start.
// On other networks the aggregator comes from the request and the factory from PRICE_CONSUMER_FACTORY_<NETWORK>.
import { encodeDeployData, getAddress, keccak256, toHex, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { localAccounts } from "@/lib/chain/local/accounts";
import { CREATE2_DEPLOYER_ADDRESS } from "@/lib/chain/network/predeploys";
import { create2Address, installThroughCreate2, type RawRequest } from "@/lib/chain/registry/base-contracts";
import { invalidRequest } from "@/lib/core/errors";

/** The local account that sends the install transactions (15 is Safe's, 16 Connect's, 17–18 alto's, 19 the platform's). */
const ORACLE_SETUP_ACCOUNT_INDEX = 14;

export interface ListedFeed {
  pair: string;
  description: string;
  decimals: number;
  /** The initial answer, in base units of `decimals`. */
  initialAnswer: bigint;
}

/** The pairs the local chain lists; answers are realistic, decimals are Chainlink's for these pairs. */
export const LOCAL_FEEDS: readonly ListedFeed[] = [
  { pair: "ETH-USD", description: "ETH / USD", decimals: 8, initialAnswer: 3_000n * 10n ** 8n },
  { pair: "BTC-USD", description: "BTC / USD", decimals: 8, initialAnswer: 60_000n * 10n ** 8n },
  { pair: "USDC-USD", description: "USDC / USD", decimals: 8, initialAnswer: 10n ** 8n },
];

const salt = (name: string): Hex => keccak256(toHex(`token-platform/oracles/${name}`));

function aggregatorInitCode(feed: ListedFeed): Hex {
  const a = artifact("MockV3Aggregator");
  return encodeDeployData({ abi: a.abi, bytecode: a.bytecode, args: [feed.decimals, feed.initialAnswer] } as never);
}
const factoryInitCode = (): Hex => artifact("PlatformPriceConsumerFactory").bytecode;

const create2 = (name: string, initCode: Hex) => create2Address(CREATE2_DEPLOYER_ADDRESS, salt(name), initCode);

/** The listed aggregators of the local chain and their addresses. */
export const localAggregators = () => LOCAL_FEEDS.map((feed) => ({ ...feed, address: create2(feed.pair, aggregatorInitCode(feed)) }));
export const localConsumerFactory = () => create2("PlatformPriceConsumerFactory", factoryInitCode());

/** The consumer factory of `network`: the installed one on the local chain, else PRICE_CONSUMER_FACTORY_<NETWORK>. */
export function consumerFactory(network: string): Address {
  if (chainTarget(network).isLocal) return localConsumerFactory();
  const setting = `PRICE_CONSUMER_FACTORY_${network.toUpperCase()}`;
  const configured = process.env[setting];
  if (!configured || !/^0x[0-9a-fA-F]{40}$/.test(configured)) {
    throw invalidRequest("network_unavailable", `Price feed consumers cannot be deployed on ${network} here: set ${setting} to a deployed PlatformPriceConsumerFactory.`, "network");
  }
  return getAddress(configured);
}

/** Installs what is missing; a chain that kept its state sends nothing. */
export async function installOracleBase(request: RawRequest): Promise<void> {
  const creations = [
    ...LOCAL_FEEDS.map((feed) => ({ name: feed.pair, initCode: aggregatorInitCode(feed) })),
    { name: "PlatformPriceConsumerFactory", initCode: factoryInitCode() },
  ].map((c) => ({ ...c, salt: salt(c.name) }));
  const from = localAccounts()[ORACLE_SETUP_ACCOUNT_INDEX].address;
  await installThroughCreate2(request, { label: "price feed", deployer: CREATE2_DEPLOYER_ADDRESS, from, gas: 5_000_000n, creations });
}
