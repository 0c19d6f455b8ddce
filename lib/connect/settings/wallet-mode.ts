// Wallet mode: who makes a tenant's chain writes. Custodial (default): the tenant's custodial wallet signs
// and sends them. Connect: the tenant's smart account of its owner signer (one per network, registered on
// first use) makes them as user operations the owner signs (or a session key it granted): the same
// transaction record, states, events and webhooks (lib/connect/user-ops/service.ts).
// New tenants start custodial so the quickstart works with curl alone (no signing device); PUT
// /v1/settings/connect { wallet_mode: "connect", owner_signer, owner_signature, … } switches (the owner's proof:
// ./owner-proof.ts; documented in the README). The owner's account is per tenant and mode (./accounts.ts salt).
import { getAddress, type Address } from "viem";
import { chainPool, db } from "@/lib/db";
import { tenantWallet } from "@/lib/chain/eoa/wallets";
import { findNetwork } from "@/lib/chain/network/networks";
import { conflict } from "@/lib/core/errors";
import type { Scope } from "@/lib/core/scope";
import { predictAccountAddress, registerAccount } from "@/lib/connect/accounts/service";

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
  // On the side pool: this read is made inside intake's transactions (the sender of a write being recorded), whose
  // connections come from the request pool; waiting on that pool there could wait for ever (issue 31).
  const owner = chainPool
    .query<{ wallet_mode: string; owner_signer: string | null }>("SELECT wallet_mode, owner_signer FROM connect_settings WHERE tenant_id = $1 AND livemode = $2", [scope.tenantId, scope.livemode])
    .then(({ rows: [row] }) => (row?.wallet_mode === "connect" && row.owner_signer ? getAddress(row.owner_signer) : null));
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

/**
 * The acting account, when it is `manager` (the account that deployed a resource or holds it); else, as after a
 * switch of wallet mode, 409 managed_by_other_account naming the manager, before anything is sent to the chain
 * (which would revert, or find nothing to act on).
 */
export async function actingAs(scope: Scope, network: string, manager: string, what: string, param?: string): Promise<Acting> {
  const acting = await actingFor(scope, network);
  const owner = getAddress(manager);
  if (owner !== acting.address) {
    throw conflict(
      "managed_by_other_account",
      `${what} is managed by ${owner}, not by the account acting for you now (${acting.address}, ${acting.mode} wallet mode). ` +
        "Switch wallet_mode back (PUT /v1/settings/connect) to manage it.",
      param,
    );
  }
  return acting;
}

/** The address that sent a recorded chain write (the deployer of what it deployed). */
export async function senderOfWrite(transactionId: string): Promise<Address> {
  const write = await db.transaction.findUniqueOrThrow({ where: { id: transactionId }, select: { fromAddress: true } });
  return getAddress(write.fromAddress);
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
