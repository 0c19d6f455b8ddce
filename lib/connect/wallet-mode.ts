// Wallet mode: who makes a tenant's chain writes. Custodial (default): the tenant's custodial wallet signs
// and sends them. Connect: the tenant's smart account of its owner signer (one per network, registered on
// first use) makes them as user operations the owner signs (or a session key it granted): the same
// transaction record, states, events and webhooks (lib/connect/user-operations.ts).
// New tenants start custodial so the quickstart works with curl alone (no signing device); PUT
// /v1/settings/connect { wallet_mode: "connect", owner_signer, owner_signature, … } switches (the owner's proof:
// ./owner-proof.ts; documented in the README). The owner's account is per tenant and mode (./accounts.ts salt).
import { getAddress, type Address } from "viem";
import { db } from "@/lib/db";
import { tenantWallet } from "@/lib/chain/wallets";
import { findNetwork } from "@/lib/chain/networks";
import type { Scope } from "@/lib/tokens/scope";
import { predictAccountAddress, registerAccount } from "./accounts";

export interface Acting {
  mode: "custodial" | "connect";
  /** The address that makes the tenant's writes on this network (owner and admin of what it deploys). */
  address: Address;
}

// Read on every chain write: kept for a few seconds (a switch applies to writes made after that).
const TTL_MS = 3_000;
// The read is kept, not its result, so the writes of a burst that find it expired share one read.
const modes = new Map<string, { at: number; owner: Promise<Address | null> }>();

export function connectOwner(scope: Scope): Promise<Address | null> {
  const key = `${scope.tenantId}:${scope.livemode}`;
  const cached = modes.get(key);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.owner;
  const owner = db.connectSettings
    .findUnique({ where: { tenantId_livemode: { tenantId: scope.tenantId, livemode: scope.livemode } } })
    .then((row) => (row?.walletMode === "connect" && row.ownerSigner ? getAddress(row.ownerSigner) : null));
  if (modes.size > 10_000) modes.clear();
  const entry = { at: Date.now(), owner };
  modes.set(key, entry);
  owner.catch(() => modes.get(key) === entry && modes.delete(key)); // a failed read is not kept
  return owner;
}

export const forgetWalletMode = (scope: Scope) => modes.delete(`${scope.tenantId}:${scope.livemode}`);

const ownerAccountInput = (owner: Address, network: string) =>
  ({ signer: owner, chain_id: String(findNetwork(network)!.chainId), validator: "ecdsa" }) as const;

/** The smart account of the owner on `network` (registered on its first write: idempotent). */
export const ownerAccount = (scope: Scope, owner: Address, network: string) => registerAccount(scope, ownerAccountInput(owner, network));

/** Who acts for the tenant on `network`: its custodial wallet, or its smart account in connect mode. */
export async function actingFor(scope: Scope, network: string): Promise<Acting> {
  const owner = await connectOwner(scope);
  if (!owner) return { mode: "custodial", address: getAddress((await tenantWallet(scope.tenantId, scope.livemode)).address) };
  return { mode: "connect", address: getAddress((await ownerAccount(scope, owner, network)).address) };
}

/** GET /v1/settings/wallet-mode. */
export async function walletMode(scope: Scope) {
  const wallet = await tenantWallet(scope.tenantId, scope.livemode);
  const owner = await connectOwner(scope);
  const network = scope.livemode ? "polygon" : "polygon_amoy";
  // A read: the account is predicted, not registered (its first write registers it).
  const account = owner ? await predictAccountAddress(scope, ownerAccountInput(owner, network)).catch(() => null) : null;
  return {
    object: "wallet_mode" as const,
    mode: owner ? ("connect" as const) : ("custodial" as const),
    wallet_address: wallet.address,
    connect_account_address: account,
    owner_signer: owner,
  };
}
