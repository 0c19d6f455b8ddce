// The RecoveryValidator module on an in-process chain (the same ERC-4337 base as every local chain), called
// as an account calls it (msg.sender = the account): guardian-set rules, updates, uninstall, module types,
// no ERC-1271, and doRecovery refusing to run outside an account's delegatecall. The user-operation paths
// (validateUserOp through Kernel and alto, doRecovery in the account) are in recovery.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, encodeAbiParameters, keccak256, toHex, type Address, type Hex, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { artifact } from "@/lib/chain/artifacts";
import { inProcessChain, type InProcessChain } from "@/lib/chain/local-node";
import { connectBase } from "./local-setup";

let chain: InProcessChain;
let client: PublicClient;
const abi = () => artifact("RecoveryValidator").abi;
const rv = () => connectBase().recoveryValidator;
const guardians = (n: number) => Array.from({ length: n }, () => privateKeyToAccount(generatePrivateKey()).address);
const installData = (list: Address[], threshold: number) => encodeAbiParameters([{ type: "address[]" }, { type: "uint256" }], [list, BigInt(threshold)]);

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
    expect(await account.refusal("setGuardians", [[g1], 1n])).toBe("NotInitialized");

    expect(await account.write("onInstall", [installData([g1, g2], 2)])).toBe("success");
    expect(await read("guardiansOf", [account.address])).toEqual([g1, g2]);
    expect(await read("thresholdOf", [account.address])).toBe(2n);
    expect(await read("isInitialized", [account.address])).toBe(true);
    expect(await read("isInitialized", [as(7).address])).toBe(false); // per account

    expect(await account.refusal("setGuardians", [[g1, g2, g3], 4n])).toBe("InvalidThreshold");
    expect(await account.write("setGuardians", [[g1, g2, g3], 2n])).toBe("success");
    expect(await read("guardiansOf", [account.address])).toEqual([g1, g2, g3]);

    expect(await account.write("onUninstall", ["0x"])).toBe("success");
    expect(await read("isInitialized", [account.address])).toBe(false);
    expect(await read("guardiansOf", [account.address])).toEqual([]);
    expect(await account.refusal("onUninstall", ["0x"])).toBe("NotInitialized");
  });

  it("is a validator and a fallback module, signs nothing by ERC-1271, and runs doRecovery only inside an account", async () => {
    expect(await read("isModuleType", [1n])).toBe(true);
    expect(await read("isModuleType", [3n])).toBe(true);
    expect(await read("isModuleType", [2n])).toBe(false);
    const hash = keccak256(toHex("anything"));
    expect(await read<Hex>("isValidSignatureWithSender", [as(6).address, hash, "0x"])).toBe("0xffffffff");
    expect(await as(6).refusal("doRecovery", [connectBase().ecdsaValidator, as(8).address])).toBe("OnlyDelegateCall");
  });
});
