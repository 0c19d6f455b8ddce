// SessionKeyValidator on an in-process chain (the same ERC-4337 base as every local chain), called as an
// account calls it (msg.sender = the account): a funded local account plays the smart account, installs the
// module with its first session, and asks validateUserOp about user operations signed by real keys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  concatHex, createPublicClient, createWalletClient, encodeAbiParameters, encodeFunctionData, encodePacked, erc20Abi, getAbiItem, keccak256, parseAbi, toHex, zeroAddress,
  type Address, type Hex, type PublicClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { abi } from "@/lib/chain/artifacts/compiled/SessionKeyValidator";
import { inProcessChain, type InProcessChain } from "@/lib/chain/local/node";
import { connectBase } from "@/lib/connect/local/setup";

const kernel = parseAbi(["function execute(bytes32 mode, bytes executionCalldata)"]);
const SINGLE: Hex = `0x${"00".repeat(32)}`;
const BATCH: Hex = `0x01${"00".repeat(31)}`;
const TOKEN: Address = "0x00000000000000000000000000000000000070Ce";
const OTHER: Address = "0x0000000000000000000000000000000000000Bad";
const TRANSFER = "0xa9059cbb"; // transfer(address,uint256)
const APPROVE = "0x095ea7b3"; // approve(address,uint256)

let chain: InProcessChain;
let client: PublicClient;
const validator = () => connectBase().sessionKeyValidator;

beforeAll(async () => {
  chain = await inProcessChain();
  client = createPublicClient({ chain: chain.chain, transport: chain.transport }) as PublicClient;
});
afterAll(() => chain?.stop());

const execute = (to: Address, value: bigint, data: Hex, mode = SINGLE) =>
  encodeFunctionData({ abi: kernel, functionName: "execute", args: [mode, encodePacked(["address", "uint256", "bytes"], [to, value, data])] });
const transfer = (amount = 5n) => encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [OTHER, amount] });

interface Limits { gasLimit?: bigint; paymasterPolicy?: number; paymaster?: Address }
const spec = (signer: Address, validAfter: number, validUntil: number, valueLimit: bigint, permissions: [Address, Hex][], limits: Limits = {}) => ({
  signer, validAfter, validUntil, valueLimit,
  gasLimit: limits.gasLimit ?? 0n, paymasterPolicy: limits.paymasterPolicy ?? 0, paymaster: limits.paymaster ?? zeroAddress,
  permissions: permissions.map(([target, selector]) => ({ target, selector })),
});
/** addSession's arguments: every target with every selector given (the tests' sessions have one of each). */
const sessionArgs = (signer: Address, validAfter: number, validUntil: number, valueLimit: bigint, targets: Address[], selectors: Hex[], limits?: Limits) =>
  [spec(signer, validAfter, validUntil, valueLimit, targets.flatMap((t) => selectors.map((sel) => [t, sel] as [Address, Hex])), limits)] as const;
const installData = (s: ReturnType<typeof spec>) => encodeAbiParameters(getAbiItem({ abi, name: "addSession" }).inputs, [s]);
const onChain = async (account: Address, signer: Address) => {
  const [present, s] = (await client.readContract({ address: validator(), abi, functionName: "sessionOf", args: [account, signer] })) as readonly [boolean, { validAfter: number; validUntil: number; valueLimit: bigint }];
  return [present, s.validAfter, s.validUntil, s.valueLimit];
};

function smartAccount(index: number) {
  const eoa = privateKeyToAccount(chain.accounts[index].privateKey);
  const wallet = createWalletClient({ account: eoa, chain: chain.chain, transport: chain.transport });
  const send = async (functionName: "onInstall" | "onUninstall" | "addSession" | "revokeSession", args: readonly unknown[]) => {
    const hash = await wallet.writeContract({ address: validator(), abi, functionName, args } as never);
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  };
  return { address: eoa.address, send };
}

/** validateUserOp as the account calls it; the userOpHash is any 32 bytes (the validator signs over what it is given). */
interface OpGas { preVerificationGas?: bigint; verificationGasLimit?: bigint; callGasLimit?: bigint; paymasterAndData?: Hex }
async function validate(account: Address, key: PrivateKeyAccount, callData: Hex, how: "personal" | "raw" = "personal", gas: OpGas = {}) {
  const userOpHash = keccak256(toHex(`op ${Math.random()}`));
  const signature = how === "personal" ? await key.signMessage({ message: { raw: userOpHash } }) : await key.sign({ hash: userOpHash });
  return validateWith(account, callData, userOpHash, signature, gas);
}

async function validateWith(account: Address, callData: Hex, userOpHash: Hex, signature: Hex, gas: OpGas = {}) {
  const op = {
    sender: account, nonce: 0n, initCode: "0x" as Hex, callData,
    accountGasLimits: concatHex([toHex(gas.verificationGasLimit ?? 0n, { size: 16 }), toHex(gas.callGasLimit ?? 0n, { size: 16 })]),
    preVerificationGas: gas.preVerificationGas ?? 0n,
    gasFees: toHex(0, { size: 32 }), paymasterAndData: gas.paymasterAndData ?? "0x", signature,
  };
  const { result } = await client.simulateContract({ address: validator(), abi, functionName: "validateUserOp", args: [op, userOpHash], account });
  return result;
}

const packed = (validAfter: number, validUntil: number) => (BigInt(validUntil) << 160n) | (BigInt(validAfter) << 208n);

describe("SessionKeyValidator", () => {
  it("accepts the session key's EIP-191 signature of an in-scope execute, with its time window packed; fails everything else", async () => {
    const account = smartAccount(6);
    const key = privateKeyToAccount(generatePrivateKey());
    const [validAfter, validUntil] = [1_000, 2_000_000_000];
    const install = installData(spec(key.address, validAfter, validUntil, 100n, [[TOKEN, TRANSFER]]));
    await account.send("onInstall", [install]);
    expect(await client.readContract({ address: validator(), abi, functionName: "isInitialized", args: [account.address] })).toBe(true);
    expect(await onChain(account.address, key.address)).toEqual([true, validAfter, validUntil, 100n]);
    expect(await client.readContract({ address: validator(), abi, functionName: "isPermitted", args: [account.address, key.address, TOKEN, TRANSFER] })).toBe(true);

    expect(await validate(account.address, key, execute(TOKEN, 0n, transfer()))).toBe(packed(validAfter, validUntil));
    expect(await validate(account.address, key, execute(TOKEN, 100n, transfer()))).toBe(packed(validAfter, validUntil)); // at the limit

    const failures: [string, Promise<bigint>][] = [
      ["another selector", validate(account.address, key, execute(TOKEN, 0n, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [OTHER, 1n] })))],
      ["another target", validate(account.address, key, execute(OTHER, 0n, transfer()))],
      ["value above the limit", validate(account.address, key, execute(TOKEN, 101n, transfer()))],
      ["no data (selector 0 not allowed)", validate(account.address, key, execute(TOKEN, 0n, "0x"))],
      ["batch mode", validate(account.address, key, execute(TOKEN, 0n, transfer(), BATCH))],
      ["not execute", validate(account.address, key, transfer())],
      ["garbage callData", validate(account.address, key, "0xe9ae5c53ffff")],
      ["a huge length word", validate(account.address, key, `0xe9ae5c53${"00".repeat(32)}${toHex(0x40, { size: 32 }).slice(2)}${"ff".repeat(32)}${"00".repeat(60)}`)],
      ["the raw hash signed (not EIP-191)", validate(account.address, key, execute(TOKEN, 0n, transfer()), "raw")],
      ["another key", validate(account.address, privateKeyToAccount(generatePrivateKey()), execute(TOKEN, 0n, transfer()))],
      ["garbage signature", validateWith(account.address, execute(TOKEN, 0n, transfer()), keccak256("0x01"), "0x1234")],
      ["another account (not installed)", validate(smartAccount(7).address, key, execute(TOKEN, 0n, transfer()))],
    ];
    for (const [what, result] of failures) expect(await result, what).toBe(1n);
    expect(await client.readContract({ address: validator(), abi, functionName: "isValidSignatureWithSender", args: [account.address, keccak256("0x01"), "0x"] })).toBe("0xffffffff");
  });

  it("is managed by the account: add (replacing the old scope), revoke, uninstall voids every session; the account itself is never a target", async () => {
    const account = smartAccount(8);
    const key = privateKeyToAccount(generatePrivateKey());
    const stranger = smartAccount(9);
    // Not installed: no sessions can be added.
    await expect(stranger.send("addSession", sessionArgs(key.address, 0, 2_000_000_000, 0n, [TOKEN], [TRANSFER]))).rejects.toThrow(/NotInitialized/);

    await account.send("onInstall", ["0x"]);
    await account.send("addSession", sessionArgs(key.address, 0, 2_000_000_000, 0n, [TOKEN], [TRANSFER]));
    expect(await validate(account.address, key, execute(TOKEN, 0n, transfer()))).toBe(packed(0, 2_000_000_000));
    for (const bad of [account.address, validator(), zeroAddress]) {
      const args = bad === zeroAddress ? sessionArgs(zeroAddress, 0, 1, 0n, [TOKEN], [TRANSFER]) : sessionArgs(key.address, 0, 2_000_000_000, 0n, [bad], [TRANSFER]);
      await expect(account.send("addSession", args), bad).rejects.toThrow(/InvalidSession/);
    }
    await expect(account.send("addSession", sessionArgs(key.address, 10, 10, 0n, [TOKEN], [TRANSFER]))).rejects.toThrow(/InvalidSession/);

    // Replaced: the new session allows approve on OTHER only; the old transfer on TOKEN is gone.
    await account.send("addSession", sessionArgs(key.address, 0, 1_900_000_000, 0n, [OTHER], [APPROVE]));
    expect(await validate(account.address, key, execute(TOKEN, 0n, transfer()))).toBe(1n);
    expect(await validate(account.address, key, execute(OTHER, 0n, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [OTHER, 1n] })))).toBe(packed(0, 1_900_000_000));

    await account.send("revokeSession", [key.address]);
    expect(await onChain(account.address, key.address)).toEqual([false, 0, 0, 0n]);
    expect(await validate(account.address, key, execute(OTHER, 0n, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [OTHER, 1n] })))).toBe(1n);

    await account.send("addSession", sessionArgs(key.address, 0, 2_000_000_000, 0n, [TOKEN], [TRANSFER]));
    await account.send("onUninstall", ["0x"]);
    expect(await client.readContract({ address: validator(), abi, functionName: "isInitialized", args: [account.address] })).toBe(false);
    expect(await validate(account.address, key, execute(TOKEN, 0n, transfer()))).toBe(1n);
    // Installed again: the sessions of before stay void.
    await account.send("onInstall", ["0x"]);
    expect(await onChain(account.address, key.address)).toEqual([false, 0, 0, 0n]);
    expect(await validate(account.address, key, execute(TOKEN, 0n, transfer()))).toBe(1n);
  });

  it("permits (target, selector) pairs, not their cross product; binds the gas limit and the paymaster allowance", async () => {
    const account = smartAccount(10);
    const key = privateKeyToAccount(generatePrivateKey());
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [OTHER, 1n] });
    const window = packed(0, 2_000_000_000);
    await account.send("onInstall", [installData(spec(key.address, 0, 2_000_000_000, 0n, [[TOKEN, TRANSFER], [OTHER, APPROVE]]))]);
    expect(await validate(account.address, key, execute(TOKEN, 0n, transfer()))).toBe(window);
    expect(await validate(account.address, key, execute(OTHER, 0n, approve))).toBe(window);
    expect(await validate(account.address, key, execute(TOKEN, 0n, approve)), "(TOKEN, approve)").toBe(1n);
    expect(await validate(account.address, key, execute(OTHER, 0n, transfer())), "(OTHER, transfer)").toBe(1n);
    const permitted = (target: Address, selector: Hex) => client.readContract({ address: validator(), abi, functionName: "isPermitted", args: [account.address, key.address, target, selector] });
    expect([await permitted(TOKEN, TRANSFER), await permitted(OTHER, APPROVE), await permitted(TOKEN, APPROVE), await permitted(OTHER, TRANSFER)]).toEqual([true, true, false, false]);

    // Gas: everything the operation may reserve counts, the paymaster's limits included.
    await account.send("addSession", [spec(key.address, 0, 2_000_000_000, 0n, [[TOKEN, TRANSFER]], { gasLimit: 300_000n })]);
    const call = execute(TOKEN, 0n, transfer());
    expect(await validate(account.address, key, call, "personal", { preVerificationGas: 50_000n, verificationGasLimit: 100_000n, callGasLimit: 150_000n })).toBe(window);
    expect(await validate(account.address, key, call, "personal", { preVerificationGas: 50_000n, verificationGasLimit: 100_000n, callGasLimit: 150_001n })).toBe(1n);
    const PM: Address = "0x00000000000000000000000000000000000000aa";
    const sponsored = (pm: Address, verification: bigint, postOp: bigint) => concatHex([pm, toHex(verification, { size: 16 }), toHex(postOp, { size: 16 }), "0x1234"]);
    expect(await validate(account.address, key, call, "personal", { callGasLimit: 100_000n, paymasterAndData: sponsored(PM, 100_000n, 100_000n) })).toBe(window);
    expect(await validate(account.address, key, call, "personal", { callGasLimit: 100_000n, paymasterAndData: sponsored(PM, 100_000n, 100_001n) })).toBe(1n);

    // Paymaster: none, or only one.
    await account.send("addSession", [spec(key.address, 0, 2_000_000_000, 0n, [[TOKEN, TRANSFER]], { paymasterPolicy: 1 })]);
    expect(await validate(account.address, key, call)).toBe(window);
    expect(await validate(account.address, key, call, "personal", { paymasterAndData: sponsored(PM, 1n, 1n) })).toBe(1n);
    await account.send("addSession", [spec(key.address, 0, 2_000_000_000, 0n, [[TOKEN, TRANSFER]], { paymasterPolicy: 2, paymaster: PM })]);
    expect(await validate(account.address, key, call, "personal", { paymasterAndData: sponsored(PM, 1n, 1n) })).toBe(window);
    expect(await validate(account.address, key, call, "personal", { paymasterAndData: sponsored(OTHER, 1n, 1n) })).toBe(1n);
    expect(await validate(account.address, key, call)).toBe(1n);
    // ONLY without an address, or an address without ONLY, is no session.
    await expect(account.send("addSession", [spec(key.address, 0, 2_000_000_000, 0n, [[TOKEN, TRANSFER]], { paymasterPolicy: 2 })])).rejects.toThrow(/InvalidSession/);
    await expect(account.send("addSession", [spec(key.address, 0, 2_000_000_000, 0n, [[TOKEN, TRANSFER]], { paymaster: PM })])).rejects.toThrow(/InvalidSession/);
  });
});
