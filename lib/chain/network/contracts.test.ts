// Exercises the Solidity templates on the in-process EDR chain through viem, as the API will use them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  getAddress,
  getContract,
  keccak256,
  maxUint256,
  parseEventLogs,
  parseSignature,
  parseUnits,
  toHex,
  zeroAddress,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type WalletClient,
  type Account,
  type Chain,
  type Transport,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ERC1363ReceiverMock } from "@/test/artifacts/ERC1363ReceiverMock";
import { artifact } from "@/lib/chain/artifacts";
import { inProcessChain, type InProcessChain } from "@/lib/chain/local/node";
import { PERMIT2_ADDRESS } from "@/lib/chain/network/predeploys";

const Permit2 = artifact("Permit2");
const PlatformERC20 = artifact("PlatformERC20");
const PlatformERC20Alt = artifact("PlatformERC20Alt");
const PlatformERC721 = artifact("PlatformERC721");
const PlatformERC1155 = artifact("PlatformERC1155");

type Wallet = WalletClient<Transport, Chain, Account>;

let chain: InProcessChain;
let publicClient: PublicClient<Transport, Chain>;
let admin: Wallet;
let alice: Wallet;
let bob: Wallet;

const ALL_FEATURES = { mintable: true, burnable: true, pausable: true };
const NO_FEATURES = { mintable: false, burnable: false, pausable: false };
const ONE = parseUnits("1", 18);

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

/** Waits for a sent transaction (automine: it is already mined) and requires success. */
async function mined(hash: Promise<Hash>) {
  const receipt = await publicClient.getTransactionReceipt({ hash: await hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Expects the call to revert with the named custom error and returns its decoded arguments. */
async function expectRevert(call: Promise<unknown>, errorName: string): Promise<readonly unknown[]> {
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

async function deploy<const TAbi extends Abi>(
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
function as<const TAbi extends Abi>(wallet: Wallet, abi: TAbi, address: Address) {
  return getContract({ address, abi, client: { public: publicClient, wallet } });
}

async function chainTime(): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}

describe("PlatformERC20", () => {
  const deployToken = (features = ALL_FEATURES, supply = 1_000n * ONE) =>
    deploy(PlatformERC20, ["Acme Dollar", "ACME", 18, supply, admin.account.address, features]);

  it("mints the initial supply to the admin and grants it every role", async () => {
    const token = as(admin, PlatformERC20.abi, await deployToken());
    expect(await token.read.name()).toBe("Acme Dollar");
    expect(await token.read.symbol()).toBe("ACME");
    expect(await token.read.decimals()).toBe(18);
    expect(await token.read.totalSupply()).toBe(1_000n * ONE);
    expect(await token.read.balanceOf([admin.account.address])).toBe(1_000n * ONE);
    expect(await token.read.features()).toEqual(ALL_FEATURES);
    for (const role of [
      await token.read.DEFAULT_ADMIN_ROLE(),
      await token.read.MINTER_ROLE(),
      await token.read.PAUSER_ROLE(),
      await token.read.BURNER_ROLE(),
    ]) {
      expect(await token.read.hasRole([role, admin.account.address])).toBe(true);
      expect(await token.read.getRoleMembers([role])).toEqual([admin.account.address]);
    }
    expect(await token.read.MINTER_ROLE()).toBe(keccak256(toHex("MINTER_ROLE")));
  });

  it("uses the decimals it was created with", async () => {
    const address = await deploy(PlatformERC20, ["Six", "SIX", 6, 10n ** 6n, admin.account.address, ALL_FEATURES]);
    expect(await as(admin, PlatformERC20.abi, address).read.decimals()).toBe(6);
  });

  it("mints with MINTER_ROLE only", async () => {
    const address = await deployToken();
    await mined(as(admin, PlatformERC20.abi, address).write.mint([alice.account.address, 5n * ONE]));
    expect(await as(admin, PlatformERC20.abi, address).read.balanceOf([alice.account.address])).toBe(5n * ONE);
    const args = await expectRevert(
      as(alice, PlatformERC20.abi, address).write.mint([alice.account.address, ONE]),
      "AccessControlUnauthorizedAccount",
    );
    expect(args).toEqual([alice.account.address, keccak256(toHex("MINTER_ROLE"))]);
  });

  it("burns own tokens and, through an allowance, a holder's tokens", async () => {
    const address = await deployToken();
    const token = as(admin, PlatformERC20.abi, address);
    await mined(token.write.burn([100n * ONE]));
    expect(await token.read.totalSupply()).toBe(900n * ONE);

    await mined(token.write.transfer([alice.account.address, 10n * ONE]));
    await expectRevert(token.write.burnFrom([alice.account.address, ONE]), "ERC20InsufficientAllowance");
    await mined(as(alice, PlatformERC20.abi, address).write.approve([admin.account.address, 4n * ONE]));
    await mined(token.write.burnFrom([alice.account.address, 4n * ONE]));
    expect(await token.read.balanceOf([alice.account.address])).toBe(6n * ONE);
    expect(await token.read.allowance([alice.account.address, admin.account.address])).toBe(0n);
    // Holding tokens is not enough: burning is a BURNER_ROLE action.
    await expectRevert(as(alice, PlatformERC20.abi, address).write.burn([ONE]), "AccessControlUnauthorizedAccount");
  });

  it("pauses and unpauses transfers", async () => {
    const address = await deployToken();
    const token = as(admin, PlatformERC20.abi, address);
    await mined(token.write.pause());
    expect(await token.read.paused()).toBe(true);
    await expectRevert(token.write.transfer([alice.account.address, ONE]), "EnforcedPause");
    await expectRevert(token.write.mint([alice.account.address, ONE]), "EnforcedPause");
    await expectRevert(as(alice, PlatformERC20.abi, address).write.unpause(), "AccessControlUnauthorizedAccount");
    await mined(token.write.unpause());
    await mined(token.write.transfer([alice.account.address, ONE]));
    expect(await token.read.balanceOf([alice.account.address])).toBe(ONE);
  });

  it("accepts an EIP-2612 permit signed with viem signTypedData", async () => {
    const address = await deployToken();
    const token = as(admin, PlatformERC20.abi, address);
    const [, name, version, chainId, verifyingContract] = await token.read.eip712Domain();
    expect({ name, version, chainId: Number(chainId), verifyingContract }).toEqual({
      name: "Acme Dollar",
      version: "1",
      chainId: chain.chainId,
      verifyingContract: address,
    });
    const nonce = await token.read.nonces([alice.account.address]);
    const deadline = (await chainTime()) + 3600n;
    const value = 7n * ONE;
    const signature = await alice.signTypedData({
      domain: { name, version, chainId, verifyingContract },
      types: {
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: { owner: alice.account.address, spender: bob.account.address, value, nonce, deadline },
    });
    const { r, s, v } = parseSignature(signature);
    // The platform wallet relays the permit: alice pays no gas.
    await mined(token.write.permit([alice.account.address, bob.account.address, value, deadline, Number(v), r, s]));
    expect(await token.read.allowance([alice.account.address, bob.account.address])).toBe(value);
    expect(await token.read.nonces([alice.account.address])).toBe(nonce + 1n);
    // A replay uses a spent nonce, so it recovers to a different signer.
    await expectRevert(
      token.write.permit([alice.account.address, bob.account.address, value, deadline, Number(v), r, s]),
      "ERC2612InvalidSigner",
    );
  });

  it("transferAndCall, transferFromAndCall and approveAndCall notify the receiver", async () => {
    const address = await deployToken();
    const token = as(admin, PlatformERC20.abi, address);
    const receiverAddress = await deploy(ERC1363ReceiverMock, []);
    const receiver = as(admin, ERC1363ReceiverMock.abi, receiverAddress);

    await mined(token.write.transferAndCall([receiverAddress, 3n * ONE, "0xc0ffee"]));
    expect(await token.read.balanceOf([receiverAddress])).toBe(3n * ONE);
    expect(await receiver.read.lastToken()).toBe(address);
    expect(await receiver.read.lastOperator()).toBe(admin.account.address);
    expect(await receiver.read.lastFrom()).toBe(admin.account.address);
    expect(await receiver.read.lastValue()).toBe(3n * ONE);
    expect(await receiver.read.lastData()).toBe("0xc0ffee");

    await mined(token.write.transfer([alice.account.address, 10n * ONE]));
    await mined(as(alice, PlatformERC20.abi, address).write.approve([admin.account.address, 2n * ONE]));
    await mined(token.write.transferFromAndCall([alice.account.address, receiverAddress, 2n * ONE]));
    expect(await receiver.read.lastOperator()).toBe(admin.account.address);
    expect(await receiver.read.lastFrom()).toBe(alice.account.address);
    expect(await receiver.read.lastData()).toBe("0x");

    await mined(token.write.approveAndCall([receiverAddress, 5n * ONE, "0x01"]));
    expect(await token.read.allowance([admin.account.address, receiverAddress])).toBe(5n * ONE);
    expect(await receiver.read.lastFrom()).toBe(admin.account.address);
    expect(await receiver.read.lastValue()).toBe(5n * ONE);
    expect(await receiver.read.calls()).toBe(3n);

    await mined(receiver.write.setReject([true]));
    await expectRevert(token.write.transferAndCall([receiverAddress, ONE]), "ERC1363InvalidReceiver");
    await expectRevert(token.write.approveAndCall([receiverAddress, ONE]), "ERC1363InvalidSpender");
    // An address without code cannot acknowledge the call either.
    await expectRevert(token.write.transferAndCall([bob.account.address, ONE]), "ERC1363InvalidReceiver");
  });

  it("grants, revokes and renounces roles", async () => {
    const address = await deployToken();
    const token = as(admin, PlatformERC20.abi, address);
    const minter = await token.read.MINTER_ROLE();
    expect(await token.read.getRoleAdmin([minter])).toBe(await token.read.DEFAULT_ADMIN_ROLE());

    await mined(token.write.grantRole([minter, alice.account.address]));
    expect(await token.read.getRoleMembers([minter])).toEqual([admin.account.address, alice.account.address]);
    await mined(as(alice, PlatformERC20.abi, address).write.mint([bob.account.address, ONE]));

    await mined(token.write.revokeRole([minter, alice.account.address]));
    expect(await token.read.hasRole([minter, alice.account.address])).toBe(false);
    await expectRevert(
      as(alice, PlatformERC20.abi, address).write.mint([bob.account.address, ONE]),
      "AccessControlUnauthorizedAccount",
    );
    await expectRevert(
      as(alice, PlatformERC20.abi, address).write.grantRole([minter, alice.account.address]),
      "AccessControlUnauthorizedAccount",
    );

    await mined(token.write.grantRole([minter, alice.account.address]));
    await mined(as(alice, PlatformERC20.abi, address).write.renounceRole([minter, alice.account.address]));
    expect(await token.read.hasRole([minter, alice.account.address])).toBe(false);
    expect(await token.read.getRoleMemberCount([minter])).toBe(1n);
  });

  it("enforces the creation-time features on chain", async () => {
    const address = await deployToken(NO_FEATURES, 50n * ONE);
    const token = as(admin, PlatformERC20.abi, address);
    expect(await token.read.features()).toEqual(NO_FEATURES);
    expect(await token.read.totalSupply()).toBe(50n * ONE);
    await expectRevert(token.write.mint([admin.account.address, ONE]), "MintingDisabled");
    await expectRevert(token.write.burn([ONE]), "BurningDisabled");
    await expectRevert(token.write.burnFrom([admin.account.address, ONE]), "BurningDisabled");
    await expectRevert(token.write.pause(), "PausingDisabled");
    // Transfers are unaffected.
    await mined(token.write.transfer([alice.account.address, ONE]));
  });
});

describe("PlatformERC20Alt", () => {
  const deployToken = (features = ALL_FEATURES) =>
    deploy(PlatformERC20Alt, ["Alt Dollar", "ALT", 18, 1_000n * ONE, admin.account.address, features]);

  it("keeps roles as one bitmap per address", async () => {
    const address = await deployToken();
    const token = as(admin, PlatformERC20Alt.abi, address);
    const [ADMIN, MINTER, PAUSER, BURNER] = await Promise.all([
      token.read.ADMIN_ROLE(),
      token.read.MINTER_ROLE(),
      token.read.PAUSER_ROLE(),
      token.read.BURNER_ROLE(),
    ]);
    expect([ADMIN, MINTER, PAUSER, BURNER]).toEqual([1n, 2n, 4n, 8n]);
    expect(await token.read.owner()).toBe(admin.account.address);
    expect(await token.read.rolesOf([admin.account.address])).toBe(15n);
    expect(await token.read.balanceOf([admin.account.address])).toBe(1_000n * ONE);

    const grant = await mined(token.write.grantRoles([alice.account.address, MINTER | BURNER]));
    const [event] = parseEventLogs({ abi: PlatformERC20Alt.abi, logs: grant.logs, eventName: "RolesUpdated" });
    expect(event?.args).toEqual({ account: alice.account.address, roles: MINTER | BURNER });
    expect(await token.read.rolesOf([alice.account.address])).toBe(MINTER | BURNER);
    expect(await token.read.hasAnyRole([alice.account.address, MINTER | PAUSER])).toBe(true);
    expect(await token.read.hasAllRoles([alice.account.address, MINTER | PAUSER])).toBe(false);
    expect(await token.read.hasAllRoles([alice.account.address, MINTER | BURNER])).toBe(true);
    expect(await token.read.roleHolders()).toEqual([admin.account.address, alice.account.address]);

    const asAlice = as(alice, PlatformERC20Alt.abi, address);
    await mined(asAlice.write.mint([alice.account.address, ONE]));
    expect(await expectRevert(asAlice.write.pause(), "MissingRoles")).toEqual([alice.account.address, PAUSER]);
    await expectRevert(asAlice.write.grantRoles([bob.account.address, MINTER]), "MissingRoles");

    await mined(token.write.revokeRoles([alice.account.address, MINTER]));
    expect(await token.read.rolesOf([alice.account.address])).toBe(BURNER);
    await expectRevert(asAlice.write.mint([alice.account.address, ONE]), "MissingRoles");

    await mined(asAlice.write.renounceRoles([BURNER]));
    expect(await token.read.rolesOf([alice.account.address])).toBe(0n);
    expect(await token.read.roleHolders()).toEqual([admin.account.address]);

    // A holder of the ADMIN bit manages roles too, without being the owner.
    await mined(token.write.grantRoles([bob.account.address, ADMIN]));
    await mined(as(bob, PlatformERC20Alt.abi, address).write.grantRoles([alice.account.address, PAUSER]));
    await mined(asAlice.write.pause());
    expect(await token.read.paused()).toBe(true);
  });

  it("enforces the creation-time features on chain", async () => {
    const token = as(admin, PlatformERC20Alt.abi, await deployToken(NO_FEATURES));
    await expectRevert(token.write.mint([admin.account.address, ONE]), "MintingDisabled");
    await expectRevert(token.write.burn([ONE]), "BurningDisabled");
    await expectRevert(token.write.pause(), "PausingDisabled");
  });

  it("moves tokens with a Permit2 permitTransferFrom signed with viem signTypedData", async () => {
    const address = await deployToken();
    const token = as(admin, PlatformERC20Alt.abi, address);
    await mined(token.write.transfer([alice.account.address, 100n * ONE]));
    // One-time plain ERC-20 approval of the canonical Permit2 by the holder.
    await mined(as(alice, PlatformERC20Alt.abi, address).write.approve([PERMIT2_ADDRESS, maxUint256]));

    const permit = {
      permitted: { token: address, amount: 40n * ONE },
      nonce: 0n,
      deadline: (await chainTime()) + 3600n,
    };
    const signature = await alice.signTypedData({
      domain: { name: "Permit2", chainId: chain.chainId, verifyingContract: PERMIT2_ADDRESS },
      types: {
        PermitTransferFrom: [
          { name: "permitted", type: "TokenPermissions" },
          { name: "spender", type: "address" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
        TokenPermissions: [
          { name: "token", type: "address" },
          { name: "amount", type: "uint256" },
        ],
      },
      primaryType: "PermitTransferFrom",
      // The spender is whoever submits the transaction: the platform wallet.
      message: { ...permit, spender: admin.account.address },
    });

    const permit2 = as(admin, Permit2.abi, PERMIT2_ADDRESS);
    const transfer = { to: bob.account.address, requestedAmount: 25n * ONE };
    await mined(permit2.write.permitTransferFrom([permit, transfer, alice.account.address, signature]));
    expect(await token.read.balanceOf([bob.account.address])).toBe(25n * ONE);
    expect(await token.read.balanceOf([alice.account.address])).toBe(75n * ONE);
    await expectRevert(
      permit2.write.permitTransferFrom([permit, transfer, alice.account.address, signature]),
      "InvalidNonce",
    );
    // Nobody else can spend the signature.
    await expectRevert(
      as(bob, Permit2.abi, PERMIT2_ADDRESS).write.permitTransferFrom([
        { ...permit, nonce: 1n },
        transfer,
        alice.account.address,
        signature,
      ]),
      "InvalidSigner",
    );
  });
});

describe("PlatformERC721", () => {
  const deployCollection = (features = ALL_FEATURES) =>
    deploy(PlatformERC721, [
      "Acme Art",
      "ART",
      "ipfs://base/",
      admin.account.address,
      admin.account.address,
      500n,
      features,
    ]);

  it("mints with per-token URIs on a settable base URI", async () => {
    const address = await deployCollection();
    const nft = as(admin, PlatformERC721.abi, address);
    await mined(nft.write.mint([alice.account.address, 1n, "one.json"]));
    await mined(nft.write.mint([alice.account.address, 2n, ""]));
    expect(await nft.read.ownerOf([1n])).toBe(alice.account.address);
    expect(await nft.read.balanceOf([alice.account.address])).toBe(2n);
    expect(await nft.read.tokenURI([1n])).toBe("ipfs://base/one.json");
    expect(await nft.read.tokenURI([2n])).toBe("ipfs://base/2");
    await expectRevert(nft.write.mint([bob.account.address, 1n, ""]), "ERC721InvalidSender");

    const receipt = await mined(nft.write.setBaseURI(["https://meta.example/"]));
    expect(parseEventLogs({ abi: PlatformERC721.abi, logs: receipt.logs, eventName: "BatchMetadataUpdate" })).toHaveLength(1);
    expect(await nft.read.baseURI()).toBe("https://meta.example/");
    expect(await nft.read.tokenURI([1n])).toBe("https://meta.example/one.json");
    expect(await nft.read.tokenURI([2n])).toBe("https://meta.example/2");

    await mined(nft.write.setTokenURI([2n, "two.json"]));
    expect(await nft.read.tokenURI([2n])).toBe("https://meta.example/two.json");
    await expectRevert(nft.write.setTokenURI([99n, "x"]), "ERC721NonexistentToken");
    await expectRevert(
      as(alice, PlatformERC721.abi, address).write.setBaseURI(["x"]),
      "AccessControlUnauthorizedAccount",
    );
    await expectRevert(
      as(alice, PlatformERC721.abi, address).write.mint([alice.account.address, 3n, ""]),
      "AccessControlUnauthorizedAccount",
    );
  });

  it("reports default and per-token royalties", async () => {
    const nft = as(admin, PlatformERC721.abi, await deployCollection());
    await mined(nft.write.mint([alice.account.address, 1n, ""]));
    expect(await nft.read.royaltyInfo([1n, 10_000n])).toEqual([admin.account.address, 500n]);
    await mined(nft.write.setTokenRoyalty([1n, bob.account.address, 1_000n]));
    expect(await nft.read.royaltyInfo([1n, 10_000n])).toEqual([bob.account.address, 1_000n]);
    expect(await nft.read.royaltyInfo([2n, 10_000n])).toEqual([admin.account.address, 500n]);
    await mined(nft.write.setDefaultRoyalty([alice.account.address, 250n]));
    expect(await nft.read.royaltyInfo([2n, 1_000n])).toEqual([alice.account.address, 25n]);
    await mined(nft.write.resetTokenRoyalty([1n]));
    expect(await nft.read.royaltyInfo([1n, 10_000n])).toEqual([alice.account.address, 250n]);
    await mined(nft.write.deleteDefaultRoyalty());
    expect(await nft.read.royaltyInfo([1n, 10_000n])).toEqual([zeroAddress, 0n]);
    await expectRevert(nft.write.setDefaultRoyalty([alice.account.address, 10_001n]), "ERC2981InvalidDefaultRoyalty");
    for (const interfaceId of ["0x80ac58cd", "0x5b5e139f", "0x2a55205a", "0x49064906", "0x7965db0b"] as const) {
      expect(await nft.read.supportsInterface([interfaceId])).toBe(true);
    }
  });

  it("lets an operator approved for all transfer and burn", async () => {
    const address = await deployCollection();
    const nft = as(admin, PlatformERC721.abi, address);
    await mined(nft.write.mint([alice.account.address, 1n, ""]));
    await mined(nft.write.mint([alice.account.address, 2n, ""]));
    await expectRevert(nft.write.burn([2n]), "ERC721InsufficientApproval");

    await mined(as(alice, PlatformERC721.abi, address).write.setApprovalForAll([admin.account.address, true]));
    expect(await nft.read.isApprovedForAll([alice.account.address, admin.account.address])).toBe(true);
    await mined(nft.write.transferFrom([alice.account.address, bob.account.address, 1n]));
    expect(await nft.read.ownerOf([1n])).toBe(bob.account.address);
    await mined(nft.write.burn([2n]));
    await expectRevert(nft.read.ownerOf([2n]), "ERC721NonexistentToken");

    await mined(as(alice, PlatformERC721.abi, address).write.setApprovalForAll([admin.account.address, false]));
    expect(await nft.read.isApprovedForAll([alice.account.address, admin.account.address])).toBe(false);
  });

  it("pauses transfers and enforces the creation-time features", async () => {
    const nft = as(admin, PlatformERC721.abi, await deployCollection());
    await mined(nft.write.mint([admin.account.address, 1n, ""]));
    await mined(nft.write.pause());
    await expectRevert(nft.write.transferFrom([admin.account.address, bob.account.address, 1n]), "EnforcedPause");
    await mined(nft.write.unpause());
    await mined(nft.write.transferFrom([admin.account.address, bob.account.address, 1n]));

    const fixed = as(admin, PlatformERC721.abi, await deployCollection(NO_FEATURES));
    await expectRevert(fixed.write.mint([alice.account.address, 1n, ""]), "MintingDisabled");
    await expectRevert(fixed.write.burn([1n]), "BurningDisabled");
    await expectRevert(fixed.write.pause(), "PausingDisabled");
  });
});

describe("PlatformERC1155", () => {
  const deployCollection = (features = ALL_FEATURES) =>
    deploy(PlatformERC1155, [
      "Acme Items",
      "ITEM",
      "https://api.example/{id}.json",
      admin.account.address,
      admin.account.address,
      500n,
      features,
    ]);

  it("mints with optional per-token URIs and a settable default and base URI", async () => {
    const address = await deployCollection();
    const items = as(admin, PlatformERC1155.abi, address);
    expect(await items.read.name()).toBe("Acme Items");
    expect(await items.read.symbol()).toBe("ITEM");

    await mined(items.write.mint([alice.account.address, 1n, 100n, ""]));
    const receipt = await mined(items.write.mint([alice.account.address, 2n, 5n, "two.json"]));
    expect(parseEventLogs({ abi: PlatformERC1155.abi, logs: receipt.logs, eventName: "URI" })[0]?.args).toEqual({
      value: "two.json",
      id: 2n,
    });
    expect(await items.read.balanceOf([alice.account.address, 1n])).toBe(100n);
    expect(await items.read.balanceOfBatch([[alice.account.address, alice.account.address], [1n, 2n]])).toEqual([
      100n,
      5n,
    ]);
    expect(await items.read.uri([1n])).toBe("https://api.example/{id}.json");
    expect(await items.read.uri([2n])).toBe("two.json");

    await mined(items.write.setURI(["https://new.example/{id}"]));
    expect(await items.read.uri([1n])).toBe("https://new.example/{id}");
    await mined(items.write.setBaseURI(["ipfs://items/"]));
    expect(await items.read.uri([2n])).toBe("ipfs://items/two.json");
    await mined(items.write.setTokenURI([1n, "one.json"]));
    expect(await items.read.uri([1n])).toBe("ipfs://items/one.json");
    await expectRevert(
      as(alice, PlatformERC1155.abi, address).write.setURI(["x"]),
      "AccessControlUnauthorizedAccount",
    );
  });

  it("reports royalties, burns with approval and honours the features", async () => {
    const address = await deployCollection();
    const items = as(admin, PlatformERC1155.abi, address);
    await mined(items.write.mint([alice.account.address, 1n, 10n, ""]));
    expect(await items.read.royaltyInfo([1n, 10_000n])).toEqual([admin.account.address, 500n]);
    await mined(items.write.setTokenRoyalty([1n, bob.account.address, 750n]));
    expect(await items.read.royaltyInfo([1n, 10_000n])).toEqual([bob.account.address, 750n]);
    expect(await items.read.supportsInterface(["0x2a55205a"])).toBe(true);
    expect(await items.read.supportsInterface(["0xd9b67a26"])).toBe(true);

    await expectRevert(items.write.burn([alice.account.address, 1n, 3n]), "ERC1155MissingApprovalForAll");
    await mined(as(alice, PlatformERC1155.abi, address).write.setApprovalForAll([admin.account.address, true]));
    await mined(items.write.burn([alice.account.address, 1n, 3n]));
    expect(await items.read.balanceOf([alice.account.address, 1n])).toBe(7n);

    await mined(items.write.pause());
    await expectRevert(
      as(alice, PlatformERC1155.abi, address).write.safeTransferFrom([
        alice.account.address,
        bob.account.address,
        1n,
        1n,
        "0x",
      ]),
      "EnforcedPause",
    );

    const fixed = as(admin, PlatformERC1155.abi, await deployCollection(NO_FEATURES));
    await expectRevert(fixed.write.mint([alice.account.address, 1n, 1n, ""]), "MintingDisabled");
    await expectRevert(fixed.write.burn([admin.account.address, 1n, 1n]), "BurningDisabled");
    await expectRevert(fixed.write.pause(), "PausingDisabled");
  });
});
