// Test helpers for regulated-token controls, trusted issuers and claim topics: investors set up directly
// on chain (an ONCHAINID per investor wallet, registered in the token's identity registry, with claims
// from a ClaimIssuer the test controls), so these tests do not depend on the identities endpoints.
//
// The tenant wallet (owner of the identity registry) makes a funded test account an agent of the
// registry once, from its own key, right after the deployment settled; everything else is sent by that
// test account, so the tenant wallet's nonces stay with the platform's chain path.
import { expect } from "vitest";
import { createWalletClient, encodeAbiParameters, getAddress, http, keccak256, type Abi, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { account, chain, deployContract, NETWORK, send, type TestTenant } from "@/lib/tokens/testing";
import { walletKey } from "@/lib/trex/controls/service";

export interface RegulatedTestToken {
  id: string;
  address: Address;
  regulated: Record<string, any>;
}

const abi = (name: "Identity" | "ClaimIssuer" | "IdentityRegistry" | "Token" | "ModularCompliance") => artifact(name).abi as Abi;

/** Sends one transaction from the tenant wallet's own key (setup only, while none of its writes is in flight). */
async function sendAsTenant(t: TestTenant, request: { address: Address; abi: Abi; functionName: string; args: unknown[] }) {
  const target = chainTarget(NETWORK);
  const wallet = createWalletClient({ account: await signerFor(t.id, false), chain: target.chain, transport: http(target.rpcUrl) });
  const hash = await wallet.writeContract(request as never);
  expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
}

/** The bytes a ClaimIssuer key signs for a claim (ONCHAINID): keccak256(abi.encode(identity, topic, data)), EIP-191. */
const claimHash = (identity: Address, topic: bigint, data: Hex) =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }, { type: "bytes" }], [identity, topic, data]));

export async function investorKit(t: TestTenant, token: RegulatedTestToken) {
  const operator = await account(true);
  const registry = token.regulated.identity_registry as Address;
  await sendAsTenant(t, { address: registry, abi: abi("IdentityRegistry"), functionName: "addAgent", args: [operator.address] });
  // Checksummed, as the API answers addresses.
  const deploy = async (name: Parameters<typeof abi>[0], args: unknown[] = []) =>
    getAddress(await deployContract(operator.wallet, abi(name), artifact(name).bytecode, args));
  const sendAs = (address: Address, name: Parameters<typeof abi>[0], functionName: string, args: unknown[]) =>
    send(operator.wallet, { address, abi: abi(name), functionName, args });

  return {
    operator,
    /** An ONCHAINID for `wallet` (management keys: the operator and the tenant wallet), registered in the token's identity registry. */
    async investor(wallet: Address, country = 250): Promise<Address> {
      const identity = await deploy("Identity", [operator.address, false]);
      await sendAs(identity, "Identity", "addKey", [walletKey(t.wallet), 1n, 1n]);
      await sendAs(registry, "IdentityRegistry", "registerIdentity", [wallet, identity, country]);
      return identity;
    },
    /** A ClaimIssuer whose claim signing key (purpose 3) is the operator. */
    async claimIssuer(): Promise<Address> {
      const issuer = await deploy("ClaimIssuer", [operator.address]);
      await sendAs(issuer, "ClaimIssuer", "addKey", [walletKey(operator.address), 3n, 1n]);
      return issuer;
    },
    /** A claim of `topic` on `identity`, signed by the operator for `issuer` and added by the operator (a management key). */
    async addClaim(identity: Address, issuer: Address, topic: bigint) {
      const data = "0x6b7963" as Hex; // "kyc"
      const signature = await operator.account.signMessage({ message: { raw: claimHash(identity, topic, data) } });
      await sendAs(identity, "Identity", "addClaim", [topic, 1n, issuer, signature, data, ""]);
    },
    /** A fresh ModularCompliance (initialised, owned by the operator, bound to no token). */
    async compliance(): Promise<Address> {
      const address = await deploy("ModularCompliance");
      await sendAs(address, "ModularCompliance", "init", []);
      return address;
    },
    /** A bare IdentityRegistry contract (for set_identity_registry). */
    identityRegistry: () => deploy("IdentityRegistry"),
  };
}

export const readAs = <T = any>(address: Address, name: Parameters<typeof abi>[0], functionName: string, args: unknown[] = []) =>
  chain().readContract({ address, abi: abi(name), functionName, args } as never) as Promise<T>;

/** Why `from` cannot send `amount` of the token to `to` (the node's decoded revert), or null if it can. */
export async function transferRefusal(token: RegulatedTestToken, from: Awaited<ReturnType<typeof account>>, to: Address, amount: bigint) {
  try {
    await chain().simulateContract({ account: from.account, address: token.address, abi: abi("Token"), functionName: "transfer", args: [to, amount] } as never);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
