// Every artifact the app can load, and one contract of each npm package deployed on the in-process
// chain and read back through viem.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseEventLogs,
  zeroAddress,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { inProcessChain, type InProcessChain } from "@/lib/chain/local/node";
import { artifact, COMPILED_CONTRACTS, type ContractName } from ".";
import { PACKAGE_ARTIFACTS } from "./packages";

let chain: InProcessChain;
let publicClient: PublicClient<Transport, Chain>;
let wallet: WalletClient<Transport, Chain, Account>;
let owner: Address;

beforeAll(async () => {
  chain = await inProcessChain();
  publicClient = createPublicClient({ chain: chain.chain, transport: chain.transport });
  wallet = createWalletClient({
    account: privateKeyToAccount(chain.accounts[0]!.privateKey),
    chain: chain.chain,
    transport: chain.transport,
  });
  owner = wallet.account.address;
});

afterAll(async () => {
  await chain?.stop();
});

async function deploy(name: ContractName, args: readonly unknown[] = []): Promise<Address> {
  const { abi, bytecode } = artifact(name);
  const hash = await wallet.deployContract({ abi: abi as Abi, bytecode, args } as never);
  const receipt = await publicClient.getTransactionReceipt({ hash });
  expect(receipt.status, `deploying ${name}`).toBe("success");
  return getAddress(receipt.contractAddress!);
}

const read = (address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
  publicClient.readContract({ address, abi, functionName, args });

describe("artifact loader", () => {
  it("finds every listed contract, with its ABI and creation bytecode", () => {
    const names = [...COMPILED_CONTRACTS, ...(Object.keys(PACKAGE_ARTIFACTS) as ContractName[])];
    for (const name of names) {
      const loaded = artifact(name);
      expect(loaded.abi.length, name).toBeGreaterThan(0);
      expect(loaded.bytecode, name).toMatch(/^0x(?:[0-9a-f]{2})+$/);
      expect(loaded.deployedBytecode, name).toMatch(/^0x(?:[0-9a-f]{2})+$/);
    }
  });

  it("reads a file once and hands back the same artifact after", () => {
    expect(artifact("Safe")).toBe(artifact("Safe"));
  });

  it("refuses a name it does not know, and never loads the test-only contracts", () => {
    expect(() => artifact("ERC1363ReceiverMock" as ContractName)).toThrow("no artifact for contract ERC1363ReceiverMock");
  });

  it("imports no bytecode: a module that imports the loader pulls in no contract", () => {
    // Follows the loader's run-time imports (`import type` is erased) through our own files.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      expect(source, file).not.toMatch(/0x[0-9a-f]{1000}/);
      for (const [, spec] of source.matchAll(/^import (?!type )[^;]*? from "(\.[^"]*)";/gm)) {
        visit(path.resolve(path.dirname(file), `${spec}.ts`));
      }
    };
    visit(path.join(import.meta.dirname, "index.ts"));
    expect([...seen].map((file) => path.basename(file)).sort()).toEqual(["abis.ts", "index.ts", "packages.ts"]);
  });
});

describe("package contracts on the local chain", () => {
  it("EntryPoint v0.7 answers getNonce and keeps a deposit", async () => {
    const { abi } = artifact("EntryPoint");
    const entryPoint = await deploy("EntryPoint");
    expect(await read(entryPoint, abi, "getNonce", [owner, 0n])).toBe(0n);
    await wallet.writeContract({ address: entryPoint, abi, functionName: "depositTo", args: [owner], value: 1234n });
    expect(await read(entryPoint, abi, "balanceOf", [owner])).toBe(1234n);
  });

  it("Safe 1.4.1: the proxy factory creates a Safe owned by the caller", async () => {
    const safe = artifact("Safe");
    const factory = artifact("SafeProxyFactory");
    // One after another: the in-process chain automines and the wallet's nonces must come in order.
    const singleton = await deploy("Safe");
    const factoryAddress = await deploy("SafeProxyFactory");
    const fallbackHandler = await deploy("CompatibilityFallbackHandler");
    const setup = encodeFunctionData({
      abi: safe.abi,
      functionName: "setup",
      args: [[owner], 1n, zeroAddress, "0x", fallbackHandler, zeroAddress, 0n, zeroAddress],
    });
    const hash = await wallet.writeContract({
      address: factoryAddress,
      abi: factory.abi,
      functionName: "createProxyWithNonce",
      args: [singleton, setup, 1n],
    });
    const receipt = await publicClient.getTransactionReceipt({ hash });
    const [created] = parseEventLogs({ abi: factory.abi, logs: receipt.logs, eventName: "ProxyCreation" });
    const proxy = (created!.args as { proxy: Address }).proxy;
    expect(await read(proxy, safe.abi, "getOwners")).toEqual([owner]);
    expect(await read(proxy, safe.abi, "getThreshold")).toBe(1n);
    expect(await read(proxy, safe.abi, "VERSION")).toBe("1.4.1");
  });

  it("T-REX Token implementation deploys and reports its version", async () => {
    const token = await deploy("Token");
    expect(await read(token, artifact("Token").abi, "version")).toBe("4.1.3");
  });

  it("ONCHAINID Identity holds its deployer as management key, and no other", async () => {
    const { abi } = artifact("Identity");
    const identity = await deploy("Identity", [owner, false]);
    const keyOf = (address: Address) => keccak256(encodeAbiParameters([{ type: "address" }], [address]));
    expect(await read(identity, abi, "keyHasPurpose", [keyOf(owner), 1n])).toBe(true);
    expect(await read(identity, abi, "keyHasPurpose", [keyOf(chain.accounts[1]!.address), 1n])).toBe(false);
  });
});
