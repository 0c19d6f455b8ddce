// Test helpers for compliance modules: verified investors set up directly on chain (an ONCHAINID of the
// investor's own, registered by the tenant wallet, the identity registry's agent; with no required claim
// topics a registered identity is verified), modules created through the API and waited for, and the
// investor's own transfers sent with the investor's key.
import { beforeAll, expect } from "vitest";
import { createWalletClient, getAddress, http, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { db } from "@/lib/db";
import { account, api, chain, deployContract, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "./suite";
import { parseCountry } from "@/lib/core/countries";

export const tokenAbi = artifact("Token").abi;
const registryAbi = artifact("IdentityRegistry").abi;

export type RegulatedTestToken = { id: string; address: Address; regulated: Record<string, any> };
export type Investor = Awaited<ReturnType<typeof account>> & { identity: Address; country: number };

/** A funded wallet with its own ONCHAINID, registered in the token's identity registry with a country. */
export async function investor(t: TestTenant, token: RegulatedTestToken, country: string | number): Promise<Investor> {
  const wallet = await account(true);
  const identity = getAddress(await deployContract(wallet.wallet, artifact("Identity").abi, artifact("Identity").bytecode, [wallet.address, false]));
  const numeric = parseCountry(country)!.numeric;
  await registerIdentity(t, token, wallet.address, identity, numeric);
  return { ...wallet, identity, country: numeric };
}

/** registerIdentity from the tenant wallet's key, outside the platform's path (the path carries on past the nonce). */
export async function registerIdentity(t: TestTenant, token: RegulatedTestToken, wallet: Address, identity: Address, country: number) {
  const target = chainTarget(NETWORK);
  const agent = createWalletClient({ account: await signerFor(t.id, false), chain: target.chain, transport: http(target.rpcUrl) });
  const hash = await agent.writeContract({ address: token.regulated.identity_registry, abi: registryAbi, functionName: "registerIdentity", args: [wallet, identity, country] } as never);
  expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
}

/** POST /v1/compliance/modules, then waits for every write of the creation chain; returns the module, deployed. */
export async function createModule(t: TestTenant, body: Record<string, unknown>) {
  const res = await api(t, "POST", "/v1/compliance/modules", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ object: "compliance_module", status: "deploying", on_chain: true });
  await settleModuleWrites(res.body.id);
  const module = await api(t, "GET", `/v1/compliance/modules/${res.body.id}`);
  expect(module.body.status, JSON.stringify(module.body)).toBe("deployed");
  return module.body as { id: string; address: Address; compliance: Address; kind: string; [k: string]: any };
}

/** Waits until every transaction of the module (creation and follow-ups) has ended, and requires them confirmed. */
export async function settleModuleWrites(moduleId: string) {
  for (;;) {
    const writes = await db.transaction.findMany({ where: { request: { path: ["module"], equals: moduleId } }, orderBy: { id: "asc" } });
    const open = writes.find((w) => w.status !== "confirmed" && w.status !== "failed");
    if (!open) {
      for (const w of writes) expect(w.status, `${w.kind}: ${w.errorMessage}`).toBe("confirmed");
      return writes;
    }
    await settled(open.id, 60_000);
  }
}

/** The investor's own transfer (the investor acting with its key); resolves to the receipt status or the revert reason. */
export async function investorTransfer(from: Investor, token: RegulatedTestToken, to: Address, amount: bigint): Promise<"success" | string> {
  try {
    const hash = await from.wallet.writeContract({ address: token.address, abi: tokenAbi, functionName: "transfer", args: [to, amount] } as never);
    const receipt = await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return receipt.status;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const balanceOf = (token: RegulatedTestToken, who: Address) =>
  chain().readContract({ address: token.address, abi: tokenAbi, functionName: "balanceOf", args: [who] } as never) as Promise<bigint>;

/** compliance/check through the API (200). */
export async function check(t: TestTenant, token: RegulatedTestToken, from: Address, to: Address, amount: bigint | string) {
  const res = await api(t, "POST", `/v1/tokens/${token.id}/compliance/check`, { from, to, amount: amount.toString() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { allowed: boolean; can_transfer: boolean; refused_by: { rule: string; kind: string | null; reason: string; module: string | null } | null; checks: any[] };
}

/** A tenant with a regulated token and an investor registered for each country, made before the describe's tests. */
export function regulatedFixture(token: { name: string; symbol: string }, countries: string[]) {
  const fixture = { investors: [] } as unknown as { t: TestTenant; token: RegulatedTestToken; investors: Investor[] };
  beforeAll(async () => {
    fixture.t = await tenant();
    fixture.token = await deployRegulatedToken(fixture.t, token);
    for (const country of countries) fixture.investors.push(await investor(fixture.t, fixture.token, country));
  });
  return fixture;
}
