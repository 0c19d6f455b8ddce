// The platform signer: the key that owns the platform's shared base contracts on a network (the T-REX
// factory and ONCHAINID's IdFactory, whose deploy and identity-creation calls are owner-only). Its writes
// go through the same path as a tenant's (record, per-wallet run, nonces), from its own address. On the
// local chain it is a fixed funded account; elsewhere PLATFORM_SIGNER_KEY (hex private key, from the
// environment, never stored).
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Hex } from "viem";
import { ApiError } from "@/lib/core/errors";
import { chainTarget } from "@/lib/chain/network/clients";
import { LOCAL_PLATFORM_ACCOUNT_INDEX, localAccounts } from "@/lib/chain/local/accounts";

let configured: PrivateKeyAccount | null | undefined;

/** The platform's account on this network; 400 when none is configured for it. */
export function platformAccount(network: string): PrivateKeyAccount {
  if (chainTarget(network).isLocal) return localPlatform();
  configured ??= process.env.PLATFORM_SIGNER_KEY ? privateKeyToAccount(process.env.PLATFORM_SIGNER_KEY as Hex) : null;
  if (!configured) {
    throw new ApiError(400, "invalid_request_error", "network_unavailable", `Platform contracts on ${network} need PLATFORM_SIGNER_KEY (see the README).`, "network");
  }
  return configured;
}

let local: PrivateKeyAccount | undefined;
const localPlatform = () => (local ??= privateKeyToAccount(localAccounts()[LOCAL_PLATFORM_ACCOUNT_INDEX].privateKey));

/** Whether `address` is the platform signer of `network` (its records are signed with the platform key). */
export function isPlatformAddress(network: string, address: string): boolean {
  try {
    return platformAccount(network).address.toLowerCase() === address.toLowerCase();
  } catch {
    return false;
  }
}
