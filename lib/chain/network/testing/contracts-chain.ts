// The Solidity templates' test bench: an in-process EDR chain, three funded wallets and helpers to deploy,
// call and expect reverts through viem, as the API uses them. Each test file calls useContractsChain() once;
// the wallets are live bindings, set before its tests run.
import { afterAll, beforeAll, expect } from "vitest";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  getAddress,
  getContract,
  parseUnits,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { inProcessChain, type InProcessChain } from "@/lib/chain/local/node";

export type Wallet = WalletClient<Transport, Chain, Account>;

export let chain: InProcessChain;
export let publicClient: PublicClient<Transport, Chain>;
export let admin: Wallet;
export let alice: Wallet;
export let bob: Wallet;

export const ALL_FEATURES = { mintable: true, burnable: true, pausable: true };
export const NO_FEATURES = { mintable: false, burnable: false, pausable: false };
export const ONE = parseUnits("1", 18);

export function useContractsChain() {
  beforeAll(async () => {
    chain = await inProcessChain();
    publicClient = createPublicClient({ chain: chain.chain, transport: chain.transport });
    const wallet = (index: number): Wallet =>
      createWalletClient({
        account: privateKeyToAccount(chain.accounts[index]!.privateKey),
        chain: chain.chain,
        transport: chain.transport,
      });
    [admin, alice, bob] = [wallet(0), wallet(1), wallet(2)];
  });

  afterAll(async () => {
    await chain?.stop();
  });
}

/** Waits for a sent transaction (automine: it is already mined) and requires success. */
export async function mined(hash: Promise<Hash>) {
  const receipt = await publicClient.getTransactionReceipt({ hash: await hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Expects the call to revert with the named custom error and returns its decoded arguments. */
export async function expectRevert(call: Promise<unknown>, errorName: string): Promise<readonly unknown[]> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError);
  const revert = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError);
  expect(revert, String(error)).toBeInstanceOf(ContractFunctionRevertedError);
  const data = (revert as ContractFunctionRevertedError).data;
  expect(data?.errorName).toBe(errorName);
  return data?.args ?? [];
}

export async function deploy<const TAbi extends Abi>(
  artifact: { abi: TAbi; bytecode: Hex },
  args: readonly unknown[],
) {
  const hash = await admin.deployContract({ abi: artifact.abi as Abi, bytecode: artifact.bytecode, args });
  const { contractAddress } = await mined(Promise.resolve(hash));
  if (!contractAddress) throw new Error("deployment returned no contract address");
  // Receipts carry lowercase addresses; contract reads return checksummed ones.
  return getAddress(contractAddress);
}

/** The contract bound to `wallet` as sender. */
export function as<const TAbi extends Abi>(wallet: Wallet, abi: TAbi, address: Address) {
  return getContract({ address, abi, client: { public: publicClient, wallet } });
}

export async function chainTime(): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}
