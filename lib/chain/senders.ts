// Who sends a tenant's chain write, and how. lib/chain asks; the answer is registered from above
// (lib/composition): the acting-account service decides the sender of a tenant in a mode on a network (its
// custodial wallet, or its smart account in connect mode), and each submitter other than the built-in EOA
// (ERC-4337 user operations, Safe transactions) registers how it runs a sender's records.
import type { Address } from "viem";
import type { NewRecord, WalletKey } from "./records";

/** The submitters' names. A domain adds its own by declaration merging, as with OperationKinds. */
export interface SubmitterKinds {
  /** The tenant's custodial EOA (or the platform signer): signed and sent here (lib/chain/eoa). */
  eoa: true;
}

export type SubmitterName = keyof SubmitterKinds & string;

export interface Submitter {
  /** Drives the sender's open records until none is left or the time is up; resolves to how many are still open. */
  run(sender: WalletKey, network: string): Promise<{ open: number }>;
  /** Adapts a new record to this submitter before it is stored (e.g. a contract creation made by a smart account). */
  prepare?(record: NewRecord): NewRecord;
}

export interface Sender {
  address: Address;
  submitter: SubmitterName;
}

export type SenderResolver = (scope: { tenantId: string; livemode: boolean }, network: string) => Promise<Sender>;

let resolver: SenderResolver | undefined;
const submitters = new Map<string, Submitter>();

export function registerSenderResolver(resolve: SenderResolver) {
  resolver = resolve;
}

export function registerSubmitter(name: Exclude<SubmitterName, "eoa">, submitter: Submitter) {
  submitters.set(name, submitter);
}

/** The sender of a tenant's writes in a mode on a network. */
export function senderOf(scope: { tenantId: string; livemode: boolean }, network: string): Promise<Sender> {
  if (!resolver) throw new Error("lib/chain: no sender resolver is registered: import \"@/lib/composition\" in the entry point");
  return resolver(scope, network);
}

/** A registered submitter other than the EOA one. */
export function registeredSubmitter(name: string): Submitter {
  const submitter = submitters.get(name);
  if (!submitter) throw new Error(`lib/chain: no submitter '${name}' is registered: import "@/lib/composition" in the entry point`);
  return submitter;
}
