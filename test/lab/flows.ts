// The lab's module flows through the product's API, as a client on a real network runs them: a Connect user
// operation (an ECDSA-owned Kernel account built and signed with permissionless, relayed through the network's
// alto), a Safe 2-of-2 execution (owners sign the EIP-712 SafeTx themselves) and a vault deposit.
// Each checks that what the client signs carries the network's real chain id (the userOpHash, the SafeTx
// domain) and agrees with what the API answers.
import { expect } from "vitest";
import { createPublicClient, defineChain, getAddress, hashTypedData, http, parseEther, zeroAddress, type Address, type Hex } from "viem";
import { getUserOperationHash } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { toKernelSmartAccount } from "permissionless/accounts";
import { fund } from "@/scripts/lab/lab";
import { chainOf, ok, sql, until, waitFinal, type Tenant } from "./helpers";

const RECIPIENT: Address = "0x00000000000000000000000000000000000c0ffe";


/** A Connect user operation on `network`: the account's first (it deploys it), paying 1 wei to RECIPIENT. */
export async function connectUserOperation(tenant: Tenant, network: string, timeoutMs = 180_000) {
  const { chainId, nodeUrl } = chainOf(network);
  const described = await ok("GET", `/v1/connect/networks/${chainId}`, { token: tenant.key });
  expect(described).toMatchObject({ network, rpc_chain_id: chainId, available: true });
  const owner = privateKeyToAccount(generatePrivateKey());
  const registered = await ok("POST", "/v1/connect/accounts", { token: tenant.key, body: { signer: owner.address, chain_id: String(chainId) } });
  const address = getAddress(registered.address);
  await fund(nodeUrl, address, parseEther("1")); // self-custody without a paymaster: the account pays its gas
  const client = createPublicClient({
    chain: defineChain({ id: chainId, name: network, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [described.rpc_url] } } }),
    transport: http(described.rpc_url),
  });
  const kernel = await toKernelSmartAccount({
    client, version: "0.3.1", entryPoint: { address: described.entry_point, version: "0.7" }, factoryAddress: described.factory_address,
    accountLogicAddress: described.account_implementation, validatorAddress: described.validators.ecdsa, useMetaFactory: false,
    owners: [owner], index: BigInt(registered.salt),
  });
  expect(kernel.address).toBe(address);
  const callData = await kernel.encodeCalls([{ to: RECIPIENT, value: 1n, data: "0x" }]);
  const { factory, factoryData } = await kernel.getFactoryArgs();
  const nonce = await kernel.getNonce();
  const unsigned = { sender: address, nonce: `0x${nonce.toString(16)}`, factory, factoryData, callData };
  const estimate = await ok("POST", "/v1/connect/relay/estimate-gas", { token: tenant.key, body: { chain_id: String(chainId), user_operation: unsigned } });
  const gas = {
    callGasLimit: BigInt(estimate.callGasLimit), verificationGasLimit: BigInt(estimate.verificationGasLimit), preVerificationGas: BigInt(estimate.preVerificationGas),
    maxFeePerGas: BigInt(estimate.maxFeePerGas), maxPriorityFeePerGas: BigInt(estimate.maxPriorityFeePerGas),
  };
  const signature = await kernel.signUserOperation({ sender: address, nonce, factory, factoryData, callData, ...gas, chainId } as never);
  const hex = (n: bigint) => `0x${n.toString(16)}`;
  const op = { ...unsigned, ...Object.fromEntries(Object.entries(gas).map(([k, v]) => [k, hex(v)])), signature };
  const started = Date.now();
  const relayed = await ok("POST", "/v1/connect/relay", { token: tenant.key, body: { chain_id: String(chainId), user_operation: op } });
  // The hash the account signed is the one for this network's chain id (a 31337 hash would not validate on it).
  const expectedHash = getUserOperationHash({
    chainId, entryPointAddress: described.entry_point, entryPointVersion: "0.7",
    userOperation: { sender: address, nonce, factory, factoryData, callData, ...gas, signature } as never,
  });
  expect(relayed.user_op_hash).toBe(expectedHash);
  const row = await until(
    `user operation ${relayed.user_op_hash} on ${network}`,
    async () => (await sql<{ status: string; success: boolean | null }>("SELECT status, success FROM connect_relay_operations WHERE id = $1", [relayed.id]))[0],
    (r) => r.status !== "pending",
    timeoutMs,
  );
  const shown = await ok("GET", `/v1/connect/relay/${relayed.user_op_hash}`, { token: tenant.key });
  return { network, row, shown, seconds: (Date.now() - started) / 1000, recipientBalance: await createPublicClient({ transport: http(nodeUrl) }).getBalance({ address: RECIPIENT }) };
}

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: "to", type: "address" }, { name: "value", type: "uint256" }, { name: "data", type: "bytes" }, { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" }, { name: "baseGas", type: "uint256" }, { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" }, { name: "refundReceiver", type: "address" }, { name: "nonce", type: "uint256" },
  ],
} as const;

/** A 2-of-2 Safe deployed on `network`, then a proposal executed with both owners' EIP-712 signatures. */
export async function safeExecution(tenant: Tenant, network: string, timeoutMs = 180_000) {
  const { chainId } = chainOf(network);
  const owners = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())].sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));
  const created = await ok("POST", "/v1/multisigs", { token: tenant.key, body: { name: `Lab ${network}`, network, owners: owners.map((o) => o.address), threshold: 2 } });
  const [deploy] = await waitFinal([created.deploy_transaction], timeoutMs);
  expect(deploy.status).toBe("confirmed");
  const safe = await ok("GET", `/v1/multisigs/${created.id}`, { token: tenant.key });
  expect(safe.status).toBe("active");
  const proposed = await ok("POST", `/v1/multisigs/${safe.id}/transactions`, { token: tenant.key, body: { to: RECIPIENT, data: "0x" } });
  const message = {
    to: RECIPIENT, value: 0n, data: "0x" as Hex, operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n,
    gasToken: zeroAddress, refundReceiver: zeroAddress, nonce: BigInt(proposed.nonce),
  };
  const domain = { chainId, verifyingContract: getAddress(safe.address) };
  // The API's safeTxHash is the EIP-712 hash under the network's real chain id.
  expect(proposed.safe_tx_hash).toBe(hashTypedData({ domain, types: SAFE_TX_TYPES, primaryType: "SafeTx", message }));
  const signatures = `0x${(await Promise.all(owners.map((o) => o.signTypedData({ domain, types: SAFE_TX_TYPES, primaryType: "SafeTx", message })))).map((s) => s.slice(2)).join("")}`;
  const executed = await ok("POST", `/v1/multisigs/${safe.id}/transactions/${proposed.tx_index}/execute`, { token: tenant.key, body: { signatures } });
  const [record] = await waitFinal([executed.id], timeoutMs);
  const done = await ok("GET", `/v1/multisigs/${safe.id}/transactions/${proposed.tx_index}`, { token: tenant.key });
  return { network, record, done, deployTx: created.deploy_transaction as string };
}

/** A vault over `token` (the tenant holds some of it), then a deposit of 1 unit, followed to its end. */
export async function vaultDeposit(tenant: Tenant, network: string, tokenId: string, timeoutMs = 180_000) {
  const created = await ok("POST", "/v1/vaults", { token: tenant.key, body: { asset: tokenId, name: `Lab vault ${network}`, symbol: "vLAB" } });
  const [deploy] = await waitFinal([created.deploy_transaction], timeoutMs);
  expect(deploy.status).toBe("confirmed");
  const op = await ok("POST", `/v1/vaults/${created.id}/deposit`, { token: tenant.key, body: { assets: "1" } });
  const ended = await until(
    `vault deposit ${op.id} on ${network}`,
    async () => (await sql<{ status: string }>("SELECT status FROM vault_operations WHERE id = $1", [op.id]))[0],
    (r) => r.status === "succeeded" || r.status === "failed",
    timeoutMs,
  );
  const shown = await ok("GET", `/v1/vaults/${created.id}/operations/${op.id}`, { token: tenant.key });
  return { network, status: ended.status, shown, vault: created.id as string };
}
