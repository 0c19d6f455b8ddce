// The ERC-721 and ERC-1155 templates on the in-process EDR chain through viem, as the API uses them.
import { describe, expect, it } from "vitest";
import { parseEventLogs, zeroAddress } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { useContractsChain, admin, alice, bob, ALL_FEATURES, NO_FEATURES, mined, expectRevert, deploy, as } from "./testing/contracts-chain";

const PlatformERC721 = artifact("PlatformERC721");
const PlatformERC1155 = artifact("PlatformERC1155");

useContractsChain();

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
