// The RecoveryValidator module on an in-process chain (the same ERC-4337 base as every local chain), called
// as an account calls it (msg.sender = the account): guardian-set rules, updates, uninstall, module types,
// no ERC-1271, and doRecovery refusing to run outside an account's delegatecall. Then on a real Kernel
// account through EntryPoint.handleOps: the timelock (doRecovery before executable_at reverts) and the
// account's cancel. The API paths (through alto) are in recovery.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  concatHex, createPublicClient, createWalletClient, decodeErrorResult, encodeAbiParameters, encodeFunctionData, keccak256, parseEventLogs, toHex,
  type Address, type Hex, type PublicClient,
} from "viem";
import { entryPoint07Abi, getUserOperationHash, toPackedUserOperation } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { artifact } from "@/lib/chain/artifacts";
import { inProcessChain, type InProcessChain } from "@/lib/chain/local/node";
import { kernelInitData } from "@/lib/connect/accounts/service";
import { kernelAbi, kernelFactoryAbi } from "@/lib/connect/accounts/kernel-artifacts";
import { connectBase } from "@/lib/connect/local/setup";
import { validatorNonceKey } from "@/lib/connect/accounts/modules";
import { encodeKernelCalls, type Call } from "@/lib/connect/user-ops/prepare";
import { recoveryInstallCalls } from "@/lib/connect/recovery/chain";

let chain: InProcessChain;
let client: PublicClient;
const abi = () => artifact("RecoveryValidator").abi;
const rv = () => connectBase().recoveryValidator;
const guardians = (n: number) => Array.from({ length: n }, () => privateKeyToAccount(generatePrivateKey()).address);
const installData = (list: Address[], threshold: number, delay = 60) =>
  encodeAbiParameters([{ type: "address[]" }, { type: "uint256" }, { type: "uint256" }], [list, BigInt(threshold), BigInt(delay)]);

beforeAll(async () => {
  chain = await inProcessChain();
  client = createPublicClient({ chain: chain.chain, transport: chain.transport }) as PublicClient;
});
afterAll(() => chain?.stop());

/** One of the chain's funded accounts acting as "the smart account". */
function as(index: number) {
  const account = privateKeyToAccount(chain.accounts[index].privateKey);
  const wallet = createWalletClient({ account, chain: chain.chain, transport: chain.transport });
  const write = async (functionName: string, args: unknown[]) => {
    const hash = await wallet.writeContract({ address: rv(), abi: abi(), functionName, args } as never);
    return (await client.waitForTransactionReceipt({ hash })).status;
  };
  /** The revert's error name, by simulating the call from this account. */
  const refusal = (functionName: string, args: unknown[]) =>
    client.simulateContract({ address: rv(), abi: abi(), functionName, args, account: account.address } as never).then(
      () => null,
      (error: { walk: (fn: (e: unknown) => boolean) => { data?: { errorName?: string } } | null }) => error.walk((e) => Boolean((e as { data?: unknown }).data))?.data?.errorName ?? "reverted",
    );
  return { address: account.address, write, refusal };
}

const read = <T>(functionName: string, args: unknown[]) => client.readContract({ address: rv(), abi: abi(), functionName, args } as never) as Promise<T>;

describe("RecoveryValidator", () => {
  it("installs a guardian set within the rules, updates and removes it per account", async () => {
    const account = as(6);
    const [g1, g2, g3] = guardians(3);
    expect(await account.refusal("onInstall", [installData([g1, g2], 0)])).toBe("InvalidThreshold");
    expect(await account.refusal("onInstall", [installData([g1, g2], 3)])).toBe("InvalidThreshold");
    expect(await account.refusal("onInstall", [installData([], 1)])).toBe("InvalidGuardians");
    expect(await account.refusal("onInstall", [installData([g1, g1], 1)])).toBe("InvalidGuardians");
    expect(await account.refusal("onInstall", [installData([g1, "0x0000000000000000000000000000000000000000"], 1)])).toBe("InvalidGuardians");
    expect(await account.refusal("onInstall", [installData(guardians(11), 1)])).toBe("InvalidGuardians");
    expect(await account.refusal("onInstall", [installData([g1, g2], 1, 0)])).toBe("InvalidDelay");
    expect(await account.refusal("onInstall", [installData([g1, g2], 1, 30 * 86_400 + 1)])).toBe("InvalidDelay");
    expect(await account.refusal("setGuardians", [[g1], 1n, 60n])).toBe("NotInitialized");

    expect(await account.write("onInstall", [installData([g1, g2], 2)])).toBe("success");
    expect(await read("guardiansOf", [account.address])).toEqual([g1, g2]);
    expect(await read("thresholdOf", [account.address])).toBe(2n);
    expect(await read("isInitialized", [account.address])).toBe(true);
    expect(await read("isInitialized", [as(7).address])).toBe(false); // per account

    expect(await read("delayOf", [account.address])).toBe(60n);
    expect(await account.refusal("setGuardians", [[g1, g2, g3], 4n, 60n])).toBe("InvalidThreshold");
    expect(await account.refusal("setGuardians", [[g1, g2, g3], 2n, 0n])).toBe("InvalidDelay");
    expect(await account.write("setGuardians", [[g1, g2, g3], 2n, 120n])).toBe("success");
    expect(await read("guardiansOf", [account.address])).toEqual([g1, g2, g3]);
    expect(await read("delayOf", [account.address])).toBe(120n);

    expect(await account.write("onUninstall", ["0x"])).toBe("success");
    expect(await read("isInitialized", [account.address])).toBe(false);
    expect(await read("guardiansOf", [account.address])).toEqual([]);
    expect(await account.refusal("onUninstall", ["0x"])).toBe("NotInitialized");
  });

  it("is a validator and a fallback module, signs nothing by ERC-1271, and runs recovery only inside an account", async () => {
    expect(await read("isModuleType", [1n])).toBe(true);
    expect(await read("isModuleType", [3n])).toBe(true);
    expect(await read("isModuleType", [2n])).toBe(false);
    const hash = keccak256(toHex("anything"));
    expect(await read<Hex>("isValidSignatureWithSender", [as(6).address, hash, "0x"])).toBe("0xffffffff");
    expect(await as(6).refusal("doRecovery", [connectBase().ecdsaValidator, as(8).address])).toBe("OnlyDelegateCall");
    expect(await as(6).refusal("initiateRecovery", [connectBase().ecdsaValidator, as(8).address])).toBe("OnlyDelegateCall");
  });
});

/**
 * A real Kernel v3.1 account on the in-process chain, owned by `owner` through the ECDSA validator, with the
 * RecoveryValidator installed; its user operations go straight to EntryPoint.handleOps (no bundler), so a
 * revert inside the account's execution shows as UserOperationRevertReason.
 */
async function kernelAccount(guardianKeys: PrivateKeyAccount[], threshold: number, delay: number) {
  const base = connectBase();
  const owner = privateKeyToAccount(generatePrivateKey());
  const relayer = privateKeyToAccount(chain.accounts[9].privateKey);
  const wallet = createWalletClient({ account: relayer, chain: chain.chain, transport: chain.transport });
  const initData = kernelInitData(base.ecdsaValidator, owner.address);
  const salt = keccak256(owner.address);
  const created = await wallet.writeContract({ address: base.kernelFactory!, abi: kernelFactoryAbi, functionName: "createAccount", args: [initData, salt] });
  expect((await client.waitForTransactionReceipt({ hash: created })).status).toBe("success");
  const address = await client.readContract({ address: base.kernelFactory!, abi: kernelFactoryAbi, functionName: "getAddress", args: [initData, salt] });
  await chain.request({ method: "hardhat_setBalance" as never, params: [address, "0xDE0B6B3A7640000"] as never });

  /** Sends one user operation through handleOps; its success and, when it reverted, the decoded error name. */
  async function send(callData: Hex, nonceKey: bigint, sign: (hash: Hex) => Promise<Hex>) {
    const nonce = await client.readContract({ address: base.entryPoint, abi: entryPoint07Abi, functionName: "getNonce", args: [address, nonceKey] });
    const op = {
      sender: address, nonce, callData, callGasLimit: 1_000_000n, verificationGasLimit: 1_000_000n, preVerificationGas: 100_000n,
      maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, signature: "0x" as Hex,
    };
    const hash = getUserOperationHash({ chainId: chain.chainId, entryPointAddress: base.entryPoint, entryPointVersion: "0.7", userOperation: op });
    const packed = toPackedUserOperation({ ...op, signature: await sign(hash) });
    const tx = await wallet.writeContract({ address: base.entryPoint, abi: entryPoint07Abi, functionName: "handleOps", args: [[packed], relayer.address] });
    const receipt = await client.waitForTransactionReceipt({ hash: tx });
    const [event] = parseEventLogs({ abi: entryPoint07Abi, logs: receipt.logs, eventName: "UserOperationEvent" });
    const [reason] = parseEventLogs({ abi: entryPoint07Abi, logs: receipt.logs, eventName: "UserOperationRevertReason" });
    const error = reason ? decodeErrorResult({ abi: abi(), data: reason.args.revertReason }) : null;
    const events = parseEventLogs({ abi: abi(), logs: receipt.logs }).map((log) => ({ name: log.eventName, args: log.args as Record<string, unknown> }));
    return { success: event.args.success, error: error?.errorName ?? null, errorArgs: error?.args ?? null, events };
  }
  const asOwner = (calls: Call[]) => send(encodeKernelCalls(calls), 0n, (hash) => owner.signMessage({ message: { raw: hash } }));
  const byGuardians = (callData: Hex, signers: PrivateKeyAccount[]) =>
    send(callData, validatorNonceKey(rv()), (hash) => {
      const sorted = [...signers].sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
      return Promise.all(sorted.map((s) => s.sign({ hash }))).then(concatHex);
    });
  const installed = await asOwner(recoveryInstallCalls(address, guardianKeys.map((g) => g.address), threshold, delay));
  expect(installed.success).toBe(true);
  return { address, owner, asOwner, byGuardians };
}

const rootOf = (address: Address) => client.readContract({ address, abi: kernelAbi, functionName: "rootValidator" });
const ownerOf = (account: Address) =>
  client.readContract({ address: connectBase().ecdsaValidator, abi: artifact("ECDSAOwnerValidator").abi, functionName: "ownerOf", args: [account] } as never) as Promise<Address>;
const chainNow = async () => (await client.getBlock()).timestamp;
async function advance(seconds: bigint) {
  await chain.request({ method: "evm_increaseTime" as never, params: [Number(seconds)] as never });
  await chain.request({ method: "evm_mine" as never, params: [] as never });
}

describe("RecoveryValidator on a Kernel account: the timelock and the cancel are enforced on chain", () => {
  const DELAY = 3_600n;
  const guardianKeys = () => [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
  const phase = (functionName: "initiateRecovery" | "doRecovery", newOwner: Address) =>
    encodeFunctionData({ abi: abi(), functionName, args: [connectBase().ecdsaValidator, newOwner] } as never);
  const NONE = [`0x${"00".repeat(32)}`, 0n];

  it("doRecovery before executable_at reverts; after it the initiated recovery makes the new owner root, once", async () => {
    const [g1, g2] = guardianKeys();
    const account = await kernelAccount([g1, g2], 2, Number(DELAY));
    const newOwner = privateKeyToAccount(generatePrivateKey()).address;
    expect(await account.byGuardians(phase("doRecovery", newOwner), [g1, g2])).toMatchObject({ success: false, error: "NoPendingRecovery" }); // not initiated

    const initiated = await account.byGuardians(phase("initiateRecovery", newOwner), [g1, g2]);
    expect(initiated.success).toBe(true);
    const started = initiated.events.find((e) => e.name === "RecoveryInitiated");
    expect(started?.args).toMatchObject({ account: account.address, validator: connectBase().ecdsaValidator, data: newOwner.toLowerCase() });
    const executableAt = started!.args.executableAt as bigint;
    expect(executableAt).toBe((await chainNow()) + DELAY);
    expect(await read("pendingRecovery", [account.address])).toEqual([expect.stringMatching(/^0x[0-9a-f]{64}$/), executableAt]);
    expect(await ownerOf(account.address)).toBe(account.owner.address); // nothing changed yet
    expect(await account.byGuardians(phase("initiateRecovery", newOwner), [g1, g2])).toMatchObject({ success: false, error: "OtherRecoveryPending" });

    const early = await account.byGuardians(phase("doRecovery", newOwner), [g1, g2]);
    expect(early).toMatchObject({ success: false, error: "RecoveryNotDue", errorArgs: [executableAt] });
    expect(await ownerOf(account.address)).toBe(account.owner.address);

    await advance(DELAY);
    const other = await account.byGuardians(phase("doRecovery", privateKeyToAccount(generatePrivateKey()).address), [g1, g2]);
    expect(other).toMatchObject({ success: false, error: "OtherRecoveryPending" }); // only the initiated recovery runs
    const executed = await account.byGuardians(phase("doRecovery", newOwner), [g1, g2]);
    expect(executed.success).toBe(true);
    expect(executed.events.map((e) => e.name)).toContain("RecoveryExecuted");
    expect(await ownerOf(account.address)).toBe(newOwner);
    expect(await read("pendingRecovery", [account.address])).toEqual(NONE);
    expect(await account.byGuardians(phase("doRecovery", newOwner), [g1, g2])).toMatchObject({ success: false, error: "NoPendingRecovery" }); // once
  });

  it("the account cancels a pending recovery on chain, after which doRecovery reverts; nobody else can cancel", async () => {
    const [g1, g2] = guardianKeys();
    const account = await kernelAccount([g1, g2], 1, Number(DELAY));
    const newOwner = privateKeyToAccount(generatePrivateKey()).address;
    expect((await account.byGuardians(phase("initiateRecovery", newOwner), [g1])).success).toBe(true);

    // Anyone but the account is refused: an EOA, and the guardians (their operations may call the two phases only).
    expect(await as(6).refusal("cancelRecovery", [account.address])).toBe("OnlyAccount");
    const cancel = encodeFunctionData({ abi: abi(), functionName: "cancelRecovery", args: [account.address] } as never);
    await expect(account.byGuardians(encodeKernelCalls([{ to: rv(), data: cancel }]), [g1])).rejects.toThrow(/AA2[34]/);
    expect((await read<[Hex, bigint]>("pendingRecovery", [account.address]))[1]).toBeGreaterThan(0n);

    const cancelled = await account.asOwner([{ to: rv(), data: cancel }]);
    expect(cancelled.success).toBe(true);
    expect(cancelled.events.map((e) => e.name)).toContain("RecoveryCancelled");
    expect(await read("pendingRecovery", [account.address])).toEqual(NONE);
    expect(await account.asOwner([{ to: rv(), data: cancel }])).toMatchObject({ success: false, error: "NoPendingRecovery" });

    await advance(DELAY + 1n);
    expect(await account.byGuardians(phase("doRecovery", newOwner), [g1])).toMatchObject({ success: false, error: "NoPendingRecovery" });
    expect(await ownerOf(account.address)).toBe(account.owner.address);
  });
});

/**
 * ERC-7562's storage rule for validation (STO-021/STO-033), as bundlers in safe mode check it: every slot of
 * an external contract (here the validator) read during the account's validation must be associated with the
 * account: the slot is the account's address, or lies 0 to 128 after keccak256 of a preimage that starts with
 * the account's address (a mapping keyed by it, and the struct or fixed array it holds). Checked on the
 * validator's own execution traced opcode by opcode (the node's struct logs: every SLOAD's slot and every
 * KECCAK256 preimage), called as Kernel calls it: from the account.
 */
describe("RecoveryValidator under ERC-7562 (safe-mode bundlers)", () => {
  type Step = { op: string; depth: number; stack?: Hex[]; memory?: string[] };
  const word = (v: string) => BigInt(v.startsWith("0x") ? v : `0x${v}`);
  const bytesOf = (memory: string[], offset: number, length: number) => {
    const all = memory.map((w) => w.replace(/^0x/, "")).join("");
    return `0x${all.slice(offset * 2, (offset + length) * 2).padEnd(length * 2, "0")}` as Hex;
  };

  async function validationSlots(account: Address, data: Hex) {
    const trace = (await chain.request({
      method: "debug_traceCall" as never,
      params: [{ from: account, to: rv(), data, gas: "0x1000000" }, "latest", { disableStorage: true, enableMemory: true }] as never,
    })) as { failed: boolean; structLogs: Step[] };
    const reads: bigint[] = [];
    const preimages: Hex[] = [];
    for (const step of trace.structLogs) {
      const stack = step.stack ?? [];
      const top = (i: number) => word(stack[stack.length - 1 - i]);
      if (step.op === "SLOAD" && step.depth === 1) reads.push(top(0));
      if ((step.op === "KECCAK256" || step.op === "SHA3") && step.memory) preimages.push(bytesOf(step.memory, Number(top(0)), Number(top(1))));
    }
    const padded = account.toLowerCase().replace(/^0x/, "").padStart(64, "0");
    const bases = preimages.filter((p) => p.slice(2, 66) === padded).map((p) => BigInt(keccak256(p)));
    const associated = (slot: bigint) => slot === BigInt(account) || bases.some((base) => slot >= base && slot - base <= 128n);
    return { failed: trace.failed, reads, unassociated: reads.filter((s) => !associated(s)) };
  }

  it("validating guardians' operation reads only storage associated with the account", async () => {
    const account = as(11);
    const keys = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    expect(await account.write("onInstall", [installData(keys.map((k) => k.address), 2)])).toBe("success");
    const callData = encodeFunctionData({ abi: abi(), functionName: "initiateRecovery", args: [connectBase().ecdsaValidator, as(12).address] } as never);
    const op = {
      sender: account.address, nonce: 0n, callData, callGasLimit: 1n, verificationGasLimit: 1n, preVerificationGas: 1n,
      maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, signature: "0x" as Hex,
    };
    const hash = keccak256(toHex("a guardians' operation"));
    const signers = keys.slice(1).sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
    const signature = concatHex(await Promise.all(signers.map((s) => s.sign({ hash }))));
    const data = encodeFunctionData({ abi: abi(), functionName: "validateUserOp", args: [toPackedUserOperation({ ...op, signature }), hash] } as never);
    // It validates (0 = success), as the trace below runs it.
    expect(await client.call({ account: account.address, to: rv(), data }).then((r) => BigInt(r.data!))).toBe(0n);
    const traced = await validationSlots(account.address, data);
    expect(traced.failed).toBe(false);
    expect(traced.reads.length).toBeGreaterThan(2); // the threshold and the guardians were read
    expect(traced.unassociated.map((s) => `0x${s.toString(16)}`)).toEqual([]);
  });
});
