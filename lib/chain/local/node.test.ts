// The HTTP node as `npm run dev` runs it: fixed accounts and genesis, Permit2 and the CREATE2 deployer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  concat,
  createPublicClient,
  createWalletClient,
  getContractAddress,
  http,
  keccak256,
  toHex,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ERC1363ReceiverMock } from "@/test/artifacts/ERC1363ReceiverMock";
import { artifact } from "@/lib/chain/artifacts";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";
import { LOCAL_ACCOUNT_BALANCE, LOCAL_CHAIN_ID, LOCAL_CHAIN_INITIAL_DATE } from "@/lib/chain/local/accounts";
import { CREATE2_DEPLOYER_ADDRESS, CREATE2_DEPLOYER_RUNTIME, PERMIT2_ADDRESS } from "@/lib/chain/network/predeploys";

const Permit2 = artifact("Permit2");
let node: LocalChain;

beforeAll(async () => {
  node = await startLocalChain({ port: 0 });
});

afterAll(async () => {
  await node?.stop();
});

describe("startLocalChain", () => {
  it("serves the fixed chain over HTTP", async () => {
    expect(node.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = createPublicClient({ chain: node.chain, transport: http(node.rpcUrl) });
    expect(await client.getChainId()).toBe(LOCAL_CHAIN_ID);
    // The well-known first account of the "test … junk" mnemonic.
    expect(node.accounts[0]?.address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(node.accounts).toHaveLength(20);
    expect(await client.getBalance({ address: node.accounts[0]!.address })).toBe(LOCAL_ACCOUNT_BALANCE);
    const genesis = await client.getBlock({ blockNumber: 0n });
    expect(genesis.timestamp).toBe(BigInt(Date.parse(LOCAL_CHAIN_INITIAL_DATE) / 1000));
  });

  it("has Permit2 and the CREATE2 deployer at their canonical addresses", async () => {
    const client = createPublicClient({ chain: node.chain, transport: http(node.rpcUrl) });
    expect(await client.getCode({ address: PERMIT2_ADDRESS })).toBe(Permit2.deployedBytecode);
    expect(await client.getCode({ address: CREATE2_DEPLOYER_ADDRESS })).toBe(CREATE2_DEPLOYER_RUNTIME);
    const domainSeparator = await client.readContract({
      address: PERMIT2_ADDRESS,
      abi: Permit2.abi,
      functionName: "DOMAIN_SEPARATOR",
    });
    expect(domainSeparator).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("deploys deterministically through the CREATE2 deployer", async () => {
    const client = createPublicClient({ chain: node.chain, transport: http(node.rpcUrl) });
    const wallet = createWalletClient({
      account: privateKeyToAccount(node.accounts[1]!.privateKey),
      chain: node.chain,
      transport: http(node.rpcUrl),
    });
    const salt: Hex = keccak256(toHex("local-node.test"));
    const hash = await wallet.sendTransaction({
      to: CREATE2_DEPLOYER_ADDRESS,
      data: concat([salt, ERC1363ReceiverMock.bytecode]),
    });
    expect((await client.getTransactionReceipt({ hash })).status).toBe("success");
    const expected = getContractAddress({
      opcode: "CREATE2",
      from: CREATE2_DEPLOYER_ADDRESS,
      salt,
      bytecode: ERC1363ReceiverMock.bytecode,
    });
    expect(await client.getCode({ address: expected })).toBe(ERC1363ReceiverMock.deployedBytecode);
  });

  it("refuses a port that is already taken", async () => {
    const port = Number(new URL(node.rpcUrl).port);
    await expect(startLocalChain({ port })).rejects.toThrow(/already in use/);
  });
});
