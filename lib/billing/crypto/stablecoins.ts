// The stablecoins crypto checkout accepts (USDC and USDT, 6 decimals) and where they live per network. The local
// chain gets its own two ERC-20s at start (contracts/billing/LocalStablecoin.sol), created through the CREATE2
// deployer with fixed salts, so their addresses are the same at every start (listed in the README). On any other
// network the operator names the token contracts: BILLING_USDC_<NETWORK> and BILLING_USDT_<NETWORK>.
// Light on purpose: lib/composition/base-contracts imports it before any database or chain is configured.
import { encodeDeployData, getAddress, keccak256, toHex, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { localAccounts } from "@/lib/chain/local/accounts";
import { CREATE2_DEPLOYER_ADDRESS } from "@/lib/chain/network/predeploys";
import { create2Address, installThroughCreate2, type RawRequest } from "@/lib/chain/registry/base-contracts";

export const STABLECOINS = ["USDC", "USDT"] as const;
export type Stablecoin = (typeof STABLECOINS)[number];
export const STABLECOIN_DECIMALS = 6;

/** The local account that sends the install transactions (13 is VRF's, 14 the price feeds', 15 Safe's, 16 Connect's, 17–18 alto's, 19 the platform's). */
const BILLING_SETUP_ACCOUNT_INDEX = 12;
/** Local accounts 0–9 each hold this much of both at start (1,000,000 units), to pay checkouts from. */
export const LOCAL_STABLECOIN_HOLDERS = 10;
export const LOCAL_STABLECOIN_GRANT = 1_000_000n * 10n ** BigInt(STABLECOIN_DECIMALS);

const NAMES: Record<Stablecoin, string> = { USDC: "USD Coin (local)", USDT: "Tether USD (local)" };

const salt = (symbol: Stablecoin): Hex => keccak256(toHex(`token-platform/billing/${symbol}`));

function initCode(symbol: Stablecoin): Hex {
  const a = artifact("LocalStablecoin");
  const holders = localAccounts().slice(0, LOCAL_STABLECOIN_HOLDERS).map((account) => account.address);
  return encodeDeployData({ abi: a.abi, bytecode: a.bytecode, args: [NAMES[symbol], symbol, holders, LOCAL_STABLECOIN_GRANT] });
}

const addresses = new Map<Stablecoin, Address>();

/** The address of the local chain's `symbol` token. */
export function localStablecoin(symbol: Stablecoin): Address {
  let address = addresses.get(symbol);
  if (!address) {
    address = create2Address(CREATE2_DEPLOYER_ADDRESS, salt(symbol), initCode(symbol));
    addresses.set(symbol, address);
  }
  return address;
}

/** The env setting naming `symbol`'s contract on a network the local chain does not serve. */
export const stablecoinSetting = (symbol: Stablecoin, network: string) => `BILLING_${symbol}_${network.toUpperCase()}`;

/** `symbol`'s contract on the network: the local one when the local chain serves it, else the setting's (null when unset or not an address). */
export function stablecoinAddress(symbol: Stablecoin, network: string, isLocal: boolean): Address | null {
  if (isLocal) return localStablecoin(symbol);
  const configured = process.env[stablecoinSetting(symbol, network)];
  return configured && /^0x[0-9a-fA-F]{40}$/.test(configured) ? getAddress(configured) : null;
}

/** Installs what is missing; a chain that kept its state sends nothing. */
export async function installStablecoinBase(request: RawRequest): Promise<void> {
  const creations = STABLECOINS.map((symbol) => ({ name: symbol, salt: salt(symbol), initCode: initCode(symbol) }));
  const from = localAccounts()[BILLING_SETUP_ACCOUNT_INDEX].address;
  await installThroughCreate2(request, { label: "stablecoin", deployer: CREATE2_DEPLOYER_ADDRESS, from, gas: 3_000_000n, creations });
}
