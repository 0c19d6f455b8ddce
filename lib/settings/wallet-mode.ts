import { tenantWallet } from "@/lib/chain/wallets";

/** Connect mode (smart accounts) comes with the Connect area; until then every tenant is custodial. */
export async function walletMode(tenantId: string) {
  const wallet = await tenantWallet(tenantId);
  return { object: "wallet_mode" as const, mode: "custodial" as const, wallet_address: wallet.address, connect_account_address: null };
}
