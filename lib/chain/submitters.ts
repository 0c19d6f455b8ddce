// Who submits a record to the chain. The record, its states, events and webhooks are the same whoever
// submits it; each submitter drives the open records of one sender on one chain. Today: the tenant's
// custodial EOA. ERC-4337 user operations (bundler) and Safe transactions (collected signatures, executed by
// the custodial wallet) plug in here.
import type { WalletKey } from "./records";
import { runWallet } from "./eoa/run";
import { runUserOperations } from "@/lib/connect/user-operations";

export type SubmitterName = "eoa" | "user_operation";

export interface Submitter {
  /** Drives the sender's open records until none is left or the time is up; resolves to how many are still open. */
  run(sender: WalletKey, network: string): Promise<{ open: number }>;
}

const submitters: Record<SubmitterName, Submitter> = {
  eoa: { run: (sender, network) => runWallet(sender, network) },
  user_operation: { run: (sender, network) => runUserOperations(sender, network) },
};

export const submitterFor = (name: SubmitterName): Submitter => submitters[name];
