// The console's view of a multisig: its details, its native balance, and its open proposals with who confirmed
// each one: owners that approved its hash on chain, owners whose wallet signature the console keeps, and the
// acting account when it is an owner (it sends the execution).
import type { Address } from "viem";
import { db } from "@/lib/db";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { Scope } from "@/lib/core/scope";
import { serializeMultisigTx } from "./records";
import { getMultisig, readSafe, type DeployedMultisig } from "./service";
import { chainIdOf } from "./transactions";
import { walletSignatures } from "./wallet-signatures";

/**
 * `confirmations` are the owners that count now; `acting_approved` says whether the acting account also approved
 * the hash on chain; `wallet_signed` the owners whose wallet signature is kept; `executable` whether the
 * threshold is met at the Safe's current nonce.
 */
export async function multisigOverview(scope: Scope, id: string) {
  const details = await getMultisig(scope, id);
  const open = await db.multisigTransaction.findMany({ where: { multisigId: details.id, status: { in: ["proposed", "executing"] } }, orderBy: { txIndex: "asc" }, take: 50 });
  const native = chainTarget(details.network).chain.nativeCurrency.symbol;
  const chainId = chainIdOf(details.network);
  if (!details.on_chain) {
    const pending = open.map((tx) => ({ ...serializeMultisigTx(tx), confirmations: [] as Address[], executable: false, acting_approved: false, wallet_signed: [] as Address[] }));
    return { ...details, acting: null, balance: null, native, chain_id: chainId, pending };
  }
  const row = details as unknown as DeployedMultisig;
  const { owners, threshold, nonce } = details.on_chain;
  const [acting, balance, kept] = await Promise.all([
    actingFor(scope, details.network).then((a) => a.address),
    publicClient(row.network).getBalance({ address: row.address }),
    walletSignatures(scope, details.id, open.map((tx) => tx.id)),
  ]);
  const pending = await Promise.all(
    open.map(async (tx) => {
      const onChain = await Promise.all(owners.map(async (o) => ((await readSafe<bigint>(row, "approvedHashes", [o, tx.safeTxHash])) !== 0n ? (o as Address) : null)));
      const signed = new Set((kept.get(tx.id) ?? []).filter((s) => s.safeTxHash === tx.safeTxHash).map((s) => s.owner));
      const confirmations = owners.filter((o, i) => o === acting || onChain[i] !== null || signed.has(o)) as Address[];
      return {
        ...serializeMultisigTx(tx),
        confirmations,
        executable: tx.status === "proposed" && BigInt(nonce) === tx.nonce && confirmations.length >= threshold,
        acting_approved: onChain.includes(acting as Address),
        wallet_signed: owners.filter((o) => signed.has(o)) as Address[],
      };
    }),
  );
  return { ...details, acting, balance: balance.toString(), native, chain_id: chainId, pending };
}
