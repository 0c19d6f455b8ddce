// `npm run trex:setup` on a network that is not the local chain: the base it prints is complete and works
// (the factory it made deploys a suite for its owner).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http, parseEventLogs, zeroAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { artifact } from "@/lib/chain/artifacts";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";
import { type TrexBase } from "@/lib/trex/suite/base";
import { MODULE_KINDS } from "@/lib/schemas/compliance";

const run = promisify(execFile);

describe("npm run trex:setup", () => {
  let node: LocalChain;
  beforeAll(async () => {
    node = await startLocalChain({ port: 0 });
  });
  afterAll(() => node?.stop());

  it("deploys the base from PLATFORM_SIGNER_KEY and prints TREX_BASE_<NETWORK>; its factory deploys suites", async () => {
    const owner = privateKeyToAccount(node.accounts[7].privateKey);
    const { stdout } = await run("npx", ["tsx", "scripts/trex-setup.ts", "--network", "sepolia"], {
      env: { ...process.env, RPC_URL_SEPOLIA: node.rpcUrl, PLATFORM_SIGNER_KEY: node.accounts[7].privateKey },
    });
    const line = stdout.trim().split("\n").at(-1)!;
    expect(line).toMatch(/^TREX_BASE_SEPOLIA='\{.*\}'$/);
    const base = JSON.parse(line.slice("TREX_BASE_SEPOLIA='".length, -1)) as TrexBase;
    expect(Object.keys(base.modules).sort()).toEqual([...MODULE_KINDS].sort());

    const chain = createPublicClient({ transport: http(node.rpcUrl) });
    const read = (address: Address, name: "TREXFactory" | "IdFactory", functionName: string, args: unknown[] = []) =>
      chain.readContract({ address, abi: artifact(name).abi, functionName, args } as never) as Promise<unknown>;
    expect(await read(base.trexFactory, "TREXFactory", "owner")).toBe(owner.address);
    expect(await read(base.trexFactory, "TREXFactory", "getImplementationAuthority")).toBe(base.trexImplementationAuthority);
    expect(await read(base.idFactory, "IdFactory", "isTokenFactory", [base.trexFactory])).toBe(true);

    const wallet = createWalletClient({ account: owner, chain: node.chain, transport: http(node.rpcUrl) });
    const hash = await wallet.writeContract({
      address: base.trexFactory, abi: artifact("TREXFactory").abi, functionName: "deployTREXSuite",
      args: ["setup-test", { owner: owner.address, name: "T", symbol: "T", decimals: 0, irs: zeroAddress, ONCHAINID: zeroAddress, irAgents: [], tokenAgents: [], complianceModules: [], complianceSettings: [] },
        { claimTopics: [], issuers: [], issuerClaims: [] }],
    } as never);
    const receipt = await chain.waitForTransactionReceipt({ hash });
    expect(parseEventLogs({ abi: artifact("TREXFactory").abi, logs: receipt.logs, eventName: "TREXSuiteDeployed" })).toHaveLength(1);
  });
});
