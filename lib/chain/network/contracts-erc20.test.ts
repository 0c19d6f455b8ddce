// The ERC-20 templates on the in-process EDR chain through viem, as the API uses them: roles, features, permit, ERC-1363 and Permit2.
import { describe, expect, it } from "vitest";
import { parseAbiParameters, keccak256, maxUint256, parseEventLogs, parseSignature, toHex } from "viem";
import { ERC1363ReceiverMock } from "@/test/artifacts/ERC1363ReceiverMock";
import { artifact } from "@/lib/chain/artifacts";
import { PERMIT2_ADDRESS } from "@/lib/chain/network/predeploys";
import { useContractsChain, chain, admin, alice, bob, ALL_FEATURES, NO_FEATURES, ONE, mined, expectRevert, deploy, as, chainTime } from "./testing/contracts-chain";

const Permit2 = artifact("Permit2");
const PlatformERC20 = artifact("PlatformERC20");
const PlatformERC20Alt = artifact("PlatformERC20Alt");

useContractsChain();

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
        Permit: parseAbiParameters("address owner, address spender, uint256 value, uint256 nonce, uint256 deadline"),
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
        TokenPermissions: parseAbiParameters("address token, uint256 amount"),
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
