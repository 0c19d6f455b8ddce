// The platform's T-REX base contracts, set up once per network and shared by every tenant: the suite
// implementations behind a TREXImplementationAuthority, the TREXFactory, ONCHAINID's IdFactory (with its
// identity implementation authority) and the seven compliance module implementations. Their owner is
// the platform signer (lib/chain/eoa/platform-signer.ts): only it may call TREXFactory.deployTREXSuite and
// IdFactory.createIdentity*.
//
// On the local chain they are deployed at chain start (installTrexBase, from lib/chain/local/node.ts) by
// the platform's local account from its first nonces, so their addresses are known without being stored.
// On any other network they come from TREX_BASE_<NETWORK> (the JSON this module's `trexBase` returns).
import { encodeDeployData, encodeFunctionData, getContractAddress, zeroAddress, type Abi, type Address } from "viem";
import { artifact, type ContractName } from "@/lib/chain/artifacts";
import { invalidRequest } from "@/lib/core/errors";
import { chainTarget } from "@/lib/chain/network/clients";
import { LOCAL_PLATFORM_ACCOUNT_INDEX, localAccounts } from "@/lib/chain/local/accounts";
import { freshAccountSender, type RawRequest, type SetupSend } from "@/lib/chain/registry/base-contracts";
import { MODULE_KINDS, type ModuleKind } from "@/lib/schemas/compliance";


export interface TrexBase {
  trexFactory: Address;
  trexImplementationAuthority: Address;
  idFactory: Address;
  identityImplementationAuthority: Address;
  modules: Record<ModuleKind, Address>;
}

/** One step of the local setup: a contract creation or a call, from the platform account, in nonce order. */
type Step =
  | { name: string; deploy: ContractName; args?: (a: Addresses, owner: Address) => unknown[] }
  | { name: string; call: ContractName; at: (a: Addresses) => Address; fn: string; args: (a: Addresses, owner: Address) => unknown[] };
type Addresses = Record<string, Address>;

const IMPLEMENTATIONS = ["Token", "ClaimTopicsRegistry", "IdentityRegistry", "IdentityRegistryStorage", "TrustedIssuersRegistry", "ModularCompliance"] as const;

// FACTS.md: the order that works (T-REX 4.1.6, ONCHAINID 2.2.1). Version {4,1,3} is the suite version the
// 4.1.6 package's contracts report.
const STEPS: Step[] = [
  ...IMPLEMENTATIONS.map((name) => ({ name, deploy: name })),
  { name: "Identity", deploy: "Identity", args: (_, owner) => [owner, true] },
  { name: "IdentityImplementationAuthority", deploy: "ImplementationAuthority", args: (a) => [a.Identity] },
  { name: "IdFactory", deploy: "IdFactory", args: (a) => [a.IdentityImplementationAuthority] },
  { name: "TREXImplementationAuthority", deploy: "TREXImplementationAuthority", args: () => [true, zeroAddress, zeroAddress] },
  {
    name: "addAndUseTREXVersion", call: "TREXImplementationAuthority", at: (a) => a.TREXImplementationAuthority, fn: "addAndUseTREXVersion",
    args: (a) => [{ major: 4, minor: 1, patch: 3 }, {
      tokenImplementation: a.Token, ctrImplementation: a.ClaimTopicsRegistry, irImplementation: a.IdentityRegistry,
      irsImplementation: a.IdentityRegistryStorage, tirImplementation: a.TrustedIssuersRegistry, mcImplementation: a.ModularCompliance,
    }],
  },
  { name: "TREXFactory", deploy: "TREXFactory", args: (a) => [a.TREXImplementationAuthority, a.IdFactory] },
  { name: "addTokenFactory", call: "IdFactory", at: (a) => a.IdFactory, fn: "addTokenFactory", args: (a) => [a.TREXFactory] },
  { name: "IAFactory", deploy: "IAFactory", args: (a) => [a.TREXFactory] },
  { name: "setTREXFactory", call: "TREXImplementationAuthority", at: (a) => a.TREXImplementationAuthority, fn: "setTREXFactory", args: (a) => [a.TREXFactory] },
  { name: "setIAFactory", call: "TREXImplementationAuthority", at: (a) => a.TREXImplementationAuthority, fn: "setIAFactory", args: (a) => [a.IAFactory] },
  ...MODULE_KINDS.map((name) => ({ name, deploy: name })),
];

const localPlatformAddress = () => localAccounts()[LOCAL_PLATFORM_ACCOUNT_INDEX].address;

/** Addresses of the local setup: each creation's address follows from the platform account's nonce. */
function localAddresses(): Addresses {
  const from = localPlatformAddress();
  const addresses: Addresses = {};
  STEPS.forEach((step, nonce) => {
    if ("deploy" in step) addresses[step.name] = getContractAddress({ from, nonce: BigInt(nonce) });
  });
  return addresses;
}

const toBase = (a: Addresses): TrexBase => ({
  trexFactory: a.TREXFactory,
  trexImplementationAuthority: a.TREXImplementationAuthority,
  idFactory: a.IdFactory,
  identityImplementationAuthority: a.IdentityImplementationAuthority,
  modules: Object.fromEntries(MODULE_KINDS.map((kind) => [kind, a[kind]])) as Record<ModuleKind, Address>,
});

let localBase: TrexBase | undefined;
/** Where the local chain's start-up puts the base (the chain lab's chains get the same start-up). */
export const localTrexBase = () => (localBase ??= toBase(localAddresses()));

/** The network's T-REX base; 400 `network_unavailable` when the network has none. */
export function trexBase(network: string): TrexBase {
  if (chainTarget(network).isLocal) return localTrexBase();
  const configured = process.env[`TREX_BASE_${network.toUpperCase()}`];
  if (!configured) {
    throw invalidRequest(
      "network_unavailable",
      `Regulated (ERC3643) tokens need the platform's T-REX base contracts on ${network}; set TREX_BASE_${network.toUpperCase()} (see the README).`,
      "network",
    );
  }
  return JSON.parse(configured) as TrexBase;
}

/**
 * Runs the setup in order from `owner`, one transaction at a time; `send` waits for each and returns the
 * address a creation made. Used at local chain start and by `npm run trex:setup` on other networks.
 */
export async function deployTrexBase(owner: Address, send: SetupSend): Promise<TrexBase> {
  const addresses: Addresses = {};
  for (const step of STEPS) {
    const created = await send(
      "deploy" in step
        ? { data: encodeDeployData({ abi: artifact(step.deploy).abi as Abi, bytecode: artifact(step.deploy).bytecode, args: step.args?.(addresses, owner) ?? [] } as never) }
        : { to: step.at(addresses), data: encodeFunctionData({ abi: artifact(step.call).abi as Abi, functionName: step.fn, args: step.args(addresses, owner) } as never) },
    );
    if ("deploy" in step) {
      if (!created) throw new Error(`T-REX base setup: ${step.name} created no contract`);
      addresses[step.name] = created;
    }
  }
  return toBase(addresses);
}


/**
 * Deploys the base on a fresh local chain from the platform account (unlocked on the local node). Skipped
 * when the account has already sent transactions (a chain that kept its state). ~0.3 s on EDR.
 */
export async function installTrexBase(request: RawRequest): Promise<void> {
  const send = await freshAccountSender(request, localPlatformAddress(), "T-REX");
  if (!send) return;
  const base = await deployTrexBase(localPlatformAddress(), send);
  if (JSON.stringify(base) !== JSON.stringify(localTrexBase())) throw new Error("T-REX base: local addresses differ from the predicted ones");
}
