// The VRF base of the local chain, installed at every start: Chainlink's VRFCoordinatorV2_5Mock with one
// subscription created and funded by the platform, and PlatformVRFConsumerFactory. Both come from a local
// account of their own at nonces 0 and 1, so their addresses are fixed. The mock fulfils nothing by itself:
// ./local-fulfiller does. On other networks the request names the coordinator, and the factory comes from
// VRF_CONSUMER_FACTORY_<NETWORK>.
import { encodeDeployData, encodeFunctionData, getAddress, getContractAddress, keccak256, toHex, type Abi, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { localAccounts } from "@/lib/chain/local/accounts";
import { freshAccountSender, type RawRequest } from "@/lib/chain/registry/base-contracts";
import { invalidRequest } from "@/lib/core/errors";

/** The local account that installs the VRF base and owns the local subscription (15 Safe's, 16 Connect's, 17–18 alto's, 19 the platform's). */
export const VRF_SETUP_ACCOUNT_INDEX = 13;
/** The mock checks no key: any bytes32 works; this is the one documented in the README. */
export const LOCAL_VRF_KEY_HASH: Hex = keccak256(toHex("token-platform local VRF key"));
/** What the platform funds the local subscription with (mock LINK juels: the mock charges a flat base fee plus gas). */
const LOCAL_SUBSCRIPTION_FUNDING = 1_000n * 10n ** 18n;
// The mock's constructor: base fee 0.1 LINK, gas price 1 gwei, 1 LINK = 0.004 ETH.
const MOCK_ARGS = [10n ** 17n, 10n ** 9n, 4n * 10n ** 15n] as const;

export const vrfSetupAddress = () => localAccounts()[VRF_SETUP_ACCOUNT_INDEX].address;
export const localCoordinator = (): Address => getContractAddress({ from: vrfSetupAddress(), nonce: 0n });
const localFactory = (): Address => getContractAddress({ from: vrfSetupAddress(), nonce: 1n });

const mockAbi = () => artifact("VRFCoordinatorV2_5Mock").abi as Abi;

export async function installVrfBase(request: RawRequest): Promise<void> {
  const send = await freshAccountSender(request, vrfSetupAddress(), "VRF");
  if (!send) return;
  const mock = artifact("VRFCoordinatorV2_5Mock");
  const factory = artifact("PlatformVRFConsumerFactory");
  await send({ data: encodeDeployData({ abi: mock.abi as Abi, bytecode: mock.bytecode, args: [...MOCK_ARGS] } as never) });
  await send({ data: factory.bytecode });
  await send({ to: localCoordinator(), data: encodeFunctionData({ abi: mockAbi(), functionName: "createSubscription" }) });
  const ids = (await request("eth_call", [{ to: localCoordinator(), data: encodeFunctionData({ abi: mockAbi(), functionName: "getActiveSubscriptionIds", args: [0n, 1n] }) }, "latest"])) as Hex;
  const subId = BigInt(`0x${ids.slice(2 + 128, 2 + 192)}`);
  await send({ to: localCoordinator(), data: encodeFunctionData({ abi: mockAbi(), functionName: "fundSubscription", args: [subId, LOCAL_SUBSCRIPTION_FUNDING] }) });
}

export const isLocal = (network: string) => chainTarget(network).isLocal;

/** The local subscription's id (derived from a block hash at install, so read back from the mock). */
export async function localSubscriptionId(network: string): Promise<string> {
  const ids = (await publicClient(network).readContract({ address: localCoordinator(), abi: mockAbi(), functionName: "getActiveSubscriptionIds", args: [0n, 1n] } as never)) as bigint[];
  if (!ids.length) throw new Error("the local VRF subscription is missing (VRF base not installed)");
  return ids[0].toString();
}

/** The consumer factory of `network`; 400 `network_unavailable` when it has none. */
export function consumerFactory(network: string): Address {
  if (isLocal(network)) return localFactory();
  const configured = process.env[`VRF_CONSUMER_FACTORY_${network.toUpperCase()}`];
  if (!configured) {
    throw invalidRequest("network_unavailable", `VRF consumers on ${network} need the platform's consumer factory; set VRF_CONSUMER_FACTORY_${network.toUpperCase()} (see the README).`, "network");
  }
  return getAddress(configured);
}

/** Sends a call from the local VRF account (unlocked on the local node) and waits for it. */
export async function sendAsLocalVrfAccount(network: string, to: Address, data: Hex): Promise<void> {
  const client = publicClient(network);
  const hash = (await client.request({ method: "eth_sendTransaction" as never, params: [{ from: vrfSetupAddress(), to, data }] as never })) as Hex;
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`local VRF call to ${to} reverted (${hash})`);
}

/** Adds `consumer` to the local subscription (the platform owns it). */
export const addLocalConsumer = (network: string, subscriptionId: string, consumer: Address) =>
  sendAsLocalVrfAccount(network, localCoordinator(), encodeFunctionData({ abi: mockAbi(), functionName: "addConsumer", args: [BigInt(subscriptionId), consumer] }));
