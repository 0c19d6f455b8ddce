// Who sends a tenant's chain write, and how. lib/chain asks; the answer is registered from above
// (lib/composition, from the modules): the acting-account service decides the sender of a tenant in a mode on
// a network (its custodial wallet, or its smart account in connect mode), and each submitter other than the
// built-in EOA (ERC-4337 user operations) is declared by its area's module.
import type { Address } from "viem";
import type { NewRecord, WalletKey } from "@/lib/chain/records/statements";

/** The submitters' names: lib/composition adds those of the modules it registers, as with OperationKinds. */
export interface SubmitterKinds {
  /** The tenant's custodial EOA (or the platform signer): signed and sent here (lib/chain/eoa). */
  eoa: true;
}

export type SubmitterName = keyof SubmitterKinds & string;

export interface Submitter {
  /**
   * Drives the sender's open records until none is left, the time is up, or `stopping()` (its instance shuts down:
   * end at the next safe point); resolves to how many are still open (the caller continues them in a new run).
   */
  run(sender: WalletKey, network: string, stopping?: () => boolean): Promise<{ open: number }>;
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
