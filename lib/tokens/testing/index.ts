// Test helpers for the token API: deploy over HTTP, wait for transactions, read the chain directly, and
// fresh funded accounts the tests control (so concurrent test files never share a nonce).
import { expect } from "vitest";
import { createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { tenantWallet } from "@/lib/chain/eoa/wallets";
import { call, newTenant } from "@/test/client";
import { abiOf, type Standard } from "@/lib/tokens/standards";

export const NETWORK = "polygon_amoy";
export const chain = () => publicClient(NETWORK);

export async function settled(id: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const tx = await db.transaction.findUniqueOrThrow({ where: { id } });
    if (tx.status === "confirmed" || tx.status === "failed") return tx;
    if (Date.now() - started > timeoutMs) throw new Error(`${id} still ${tx.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Polls `probe` until it gives a truthy value, which it returns; fails naming `what` after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000, intervalMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Reads `read` until `done` holds for its value, which it returns; the error shows the last value. */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  let last: T | undefined;
  const hit = await eventually(async () => {
    last = await read();
    return done(last) ? { value: last } : null;
  }, "a condition", timeoutMs).catch(() => {
    throw new Error(`condition not met after ${timeoutMs} ms: ${JSON.stringify(last)}`);
  });
  return hit.value;
}

export interface TestTenant {
  id: string;
  apiKey: string;
  accessToken: string;
  wallet: Address;
}

export async function tenant(): Promise<TestTenant> {
  const t = await newTenant("Tokens");
  const id = t.auth.tenant.id as string;
  return { id, apiKey: t.apiKey, accessToken: t.accessToken, wallet: (await tenantWallet(id, false)).address as Address };
}

export const api = <T = any>(t: TestTenant, method: string, path: string, body?: unknown) => call<T>(method, path, { token: t.apiKey, body });

/** POST /v1/tokens and wait until the deployment is final; returns the token record (deployed). */
export async function deployToken(t: TestTenant, body: Record<string, unknown>) {
  const res = await api(t, "POST", "/v1/tokens", { network: NETWORK, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe("deploying");
  await settled(res.body.deploy_tx);
  const token = await api(t, "GET", `/v1/tokens/${res.body.id}`);
  expect(token.body.status, JSON.stringify(token.body)).toBe("deployed");
  return token.body as { id: string; address: Address; standard: Standard; [k: string]: any };
}

/** A write that must be accepted (201 unless said otherwise) and confirmed on chain. */
export async function confirmed(t: TestTenant, method: string, path: string, body: unknown, status = 201) {
  const res = await api(t, method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ object: "transaction", status: "pending" });
  const tx = await settled(res.body.id);
  expect(tx.status, `${path}: ${tx.errorMessage}`).toBe("confirmed");
  return tx;
}

export const read = <T = any>(token: { address: Address; standard: Standard }, functionName: string, args: unknown[] = [], abi: Abi = abiOf(token.standard)) =>
  chain().readContract({ address: token.address, abi, functionName, args } as never) as Promise<T>;

/** A new key pair; `fund` gives it gas on the local chain so it can send its own transactions. */
export async function account(fund = false) {
  const key = generatePrivateKey();
  const acct = privateKeyToAccount(key);
  if (fund) await chain().request({ method: "hardhat_setBalance" as never, params: [acct.address, "0x3635C9ADC5DEA00000"] as never });
  const target = chainTarget(NETWORK);
  const wallet = createWalletClient({ account: acct, chain: target.chain, transport: http(target.rpcUrl) });
  return { address: acct.address, account: acct, wallet };
}

/** Sends a transaction from a test account and requires success. */
export async function send(wallet: Awaited<ReturnType<typeof account>>["wallet"], request: { address: Address; abi: Abi; functionName: string; args: unknown[] }) {
  const hash = await wallet.writeContract(request as never);
  const receipt = await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe("success");
  return receipt;
}

export async function deployContract(wallet: Awaited<ReturnType<typeof account>>["wallet"], abi: Abi, bytecode: Hex, args: unknown[] = []) {
  const hash = await wallet.deployContract({ abi, bytecode, args } as never);
  const receipt = await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return receipt.contractAddress as Address;
}

export async function eventsOf(tenantId: string, type: string) {
  const rows = await db.event.findMany({ where: { tenantId, type }, orderBy: { id: "asc" } });
  return rows.map((r) => (r.data as { object: Record<string, any> }).object);
}

export const ERC20_FEATURES = { mintable: true, burnable: true, pausable: true };
