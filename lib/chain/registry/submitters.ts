// Who submits a record to the chain. The record, its states, events and webhooks are the same whoever
// submits it; each submitter drives the open records of one sender on one chain: the built-in custodial
// EOA (./eoa), and those the domains register (./senders): ERC-4337 user operations, Safe transactions.
import { runWallet } from "@/lib/chain/eoa/run";
import { registeredSubmitter, type Submitter, type SubmitterName } from "@/lib/chain/registry/senders";

const eoa: Submitter = { run: (sender, network, stopping) => runWallet(sender, network, undefined, stopping) };

export const submitterFor = (name: SubmitterName): Submitter => (name === "eoa" ? eoa : registeredSubmitter(name));
