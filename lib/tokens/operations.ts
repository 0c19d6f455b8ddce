// The token operations of spec 4.4 (permit and Permit2 are in ./permit) plus pause/unpause. Each one
// checks the token (tenant + environment, standard, features, body fields per standard, deployed) before
// anything touches the chain, then submits one transaction; its events are emitted on confirmation.
import type { OperationKind } from "@/lib/chain/registry/kinds";
import type { z } from "zod";
import type { Address, Hex } from "viem";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type * as S from "@/lib/schemas/tokens";
import { invalidRequest } from "@/lib/core/errors";
import { assertDeployed, findTokenToWrite, requireFeature, requireFields, requireStandard } from "@/lib/tokens/lookup";
import { type Scope } from "@/lib/core/scope";
import { familyOf, type Family, type Feature, type Standard } from "@/lib/tokens/standards";
import { STANDARDS } from "@/lib/schemas/tokens";
import { submitTokenWrite, type TokenWrite } from "./submit";
import { requireBalance } from "./reads";

type In<T extends z.ZodType> = z.output<T>;
type FieldRules = Parameters<typeof requireFields>[2];

export const FUNGIBLE: readonly Standard[] = ["ERC20", "ERC20_ALT"];
export const NFT: readonly Standard[] = ["ERC721", "ERC1155"];

interface Check {
  operation: string;
  standards: readonly Standard[];
  feature?: Feature;
  fields?: FieldRules;
}

/** Loads the token and runs every check that needs no chain call, cheapest and most specific first. */
export async function prepare(scope: Scope, id: string, body: Record<string, unknown>, check: Check) {
  const token = await findTokenToWrite(scope, id);
  requireStandard(token, check.standards, check.operation);
  if (check.feature) requireFeature(token, check.feature, check.operation);
  if (check.fields) requireFields(token, body, check.fields);
  return assertDeployed(token);
}

/** Who acts for the tenant on the token's network: its custodial wallet, or its smart account in connect mode. */
const walletAddress = async (scope: Scope, network: string) => (await actingFor(scope, network)).address;
const big = (value: string | undefined) => BigInt(value ?? "0");

/** What an operation takes from a holder: checked against the holder's balance before the write is recorded. */
interface Spend {
  holder: Address;
  amount?: string;
  nftTokenId?: string;
}

type Built = Omit<TokenWrite, "request" | "check"> & { spends?: Spend };

/** One operation: checks, then the call for the token's family (and, for what it spends, the holder's balance). */
async function operate<B extends Record<string, unknown>>(
  scope: Scope,
  id: string,
  body: B,
  check: Check,
  build: (family: Family, wallet: Address, standard: Standard) => Built,
) {
  const token = await prepare(scope, id, body, check);
  const { spends, ...write } = build(familyOf(token.standard), await walletAddress(scope, token.network), token.standard);
  const balanceCheck = spends
    ? () => requireBalance(token, spends.holder, big(spends.amount ?? "1"), check.operation.replace(/_/g, " "), spends.nftTokenId === undefined ? undefined : big(spends.nftTokenId))
    : undefined;
  return submitTokenWrite(scope, token, { ...write, request: body, check: balanceCheck });
}

const AMOUNT_OR_ID: FieldRules = {
  ERC20: { required: ["amount"], forbidden: ["nft_token_id"] },
  ERC721: { required: ["nft_token_id"], forbidden: ["amount"] },
  ERC1155: { required: ["nft_token_id", "amount"] },
};

export const mint = (scope: Scope, id: string, body: In<typeof S.MintInput>) =>
  operate(scope, id, body, {
    operation: "mint",
    standards: STANDARDS,
    feature: "mintable",
    fields: { ...AMOUNT_OR_ID, ERC20: { required: ["amount"], forbidden: ["nft_token_id", "uri"] } },
  }, (family) => {
    if (family === "ERC20") {
      return { kind: "token.mint", functionName: "mint", args: [body.to, big(body.amount)], events: [{ type: "token.minted", data: { to: body.to, amount: body.amount } }] };
    }
    const amount = family === "ERC721" ? "1" : body.amount!;
    const args = family === "ERC721" ? [body.to, big(body.nft_token_id), body.uri ?? ""] : [body.to, big(body.nft_token_id), big(amount), body.uri ?? ""];
    return {
      kind: "token.mint",
      functionName: "mint",
      args,
      events: [{ type: "nft.minted", data: { to: body.to, nft_token_id: body.nft_token_id, amount, uri: body.uri ?? null } }],
    };
  });

export const transfer = (scope: Scope, id: string, body: In<typeof S.TransferInput>) =>
  operate(scope, id, body, { operation: "transfer", standards: STANDARDS, fields: AMOUNT_OR_ID }, (family, wallet) => ({
    ...transferCall(family, family === "ERC20" ? "token.transfer" : "token.nft_transfer", wallet, body.to, body.amount, body.nft_token_id),
    spends: { holder: wallet, amount: body.amount, nftTokenId: body.nft_token_id },
  }));

export const transferFrom = (scope: Scope, id: string, body: In<typeof S.TransferFromInput>) =>
  operate(scope, id, body, { operation: "transfer_from", standards: STANDARDS, fields: AMOUNT_OR_ID }, (family, wallet) => {
    const write = transferCall(family, "token.transfer_from", body.from as Address, body.to, body.amount, body.nft_token_id);
    const spends = { holder: body.from as Address, amount: body.amount, nftTokenId: body.nft_token_id };
    // ERC-20 transferFrom takes the owner explicitly; the spender is the caller (the tenant wallet).
    if (family === "ERC20") return { ...write, functionName: "transferFrom", args: [body.from, body.to, big(body.amount)], events: withSpender(write, wallet), spends };
    return { ...write, spends };
  });

function withSpender(write: Omit<TokenWrite, "request">, spender: Address) {
  return write.events!.map((e) => ({ ...e, data: { ...e.data, spender } }));
}

function transferCall(family: Family, kind: OperationKind, from: Address, to: string, amount?: string, nftTokenId?: string): Omit<TokenWrite, "request"> {
  if (family === "ERC20") {
    return { kind, functionName: "transfer", args: [to, big(amount)], events: [{ type: "token.transferred", data: { from, to, amount } }] };
  }
  const args = family === "ERC721" ? [from, to, big(nftTokenId)] : [from, to, big(nftTokenId), big(amount), "0x"];
  return {
    kind,
    functionName: "safeTransferFrom",
    args,
    events: [{ type: "nft.transferred", data: { from, to, nft_token_id: nftTokenId, amount: family === "ERC721" ? "1" : amount } }],
  };
}

export const burn = (scope: Scope, id: string, body: In<typeof S.BurnInput>) =>
  operate(scope, id, body, {
    operation: "burn",
    standards: STANDARDS,
    feature: "burnable",
    fields: {
      ERC20: { required: ["amount"], forbidden: ["nft_token_id"] },
      ERC721: { required: ["nft_token_id"], forbidden: ["amount", "from"] },
      ERC1155: { required: ["nft_token_id", "amount"] },
    },
  }, (family, wallet, standard) => {
    if (standard === "ERC3643") return agentBurn((body.from as Address | undefined) ?? wallet, body.amount!, "token.burn");
    if (family === "ERC20" && body.from !== undefined) throw invalidRequest("parameter_invalid", "Invalid from: ERC-20 burn takes the tenant wallet's tokens; use burn_from", "from");
    if (family === "ERC20") {
      return { kind: "token.burn", functionName: "burn", args: [big(body.amount)], events: [{ type: "token.burned", data: { from: wallet, amount: body.amount } }], spends: { holder: wallet, amount: body.amount } };
    }
    const from = (body.from as Address | undefined) ?? wallet;
    const args = family === "ERC721" ? [big(body.nft_token_id)] : [from, big(body.nft_token_id), big(body.amount)];
    const amount = family === "ERC721" ? "1" : body.amount;
    return {
      kind: "token.nft_burn", functionName: "burn", args,
      events: [{ type: "nft.burned", data: { from: family === "ERC721" ? null : from, nft_token_id: body.nft_token_id, amount } }],
      spends: { holder: from, amount, nftTokenId: body.nft_token_id },
    };
  });

/** T-REX: the agent burns from any holder (`burn(holder, amount)`), no allowance involved. */
const agentBurn = (from: Address, amount: string, kind: OperationKind): Built => ({
  kind, functionName: "burn", args: [from, big(amount)], events: [{ type: "token.burned", data: { from, amount } }], spends: { holder: from, amount },
});

export const burnFrom = (scope: Scope, id: string, body: In<typeof S.BurnFromInput>) =>
  operate(scope, id, body, { operation: "burn_from", standards: [...FUNGIBLE, "ERC3643"], feature: "burnable" }, (_, wallet, standard) => standard === "ERC3643" ? agentBurn(body.from as Address, body.amount, "token.burn_from") : ({
    kind: "token.burn_from",
    functionName: "burnFrom",
    args: [body.from, big(body.amount)],
    events: [{ type: "token.burned", data: { from: body.from, amount: body.amount, spender: wallet } }],
    spends: { holder: body.from as Address, amount: body.amount },
  }));

export const approve = (scope: Scope, id: string, body: In<typeof S.ApproveInput>) =>
  operate(scope, id, body, {
    operation: "approve",
    standards: ["ERC20", "ERC20_ALT", "ERC721"],
    fields: { ERC20: { required: ["amount"], forbidden: ["nft_token_id"] }, ERC721: { required: ["nft_token_id"], forbidden: ["amount"] } },
  }, (family, wallet) =>
    family === "ERC20"
      ? { kind: "token.approve", functionName: "approve", args: [body.spender, big(body.amount)], events: [{ type: "token.approved", data: { owner: wallet, spender: body.spender, amount: body.amount } }] }
      : { kind: "token.approve", functionName: "approve", args: [body.spender, big(body.nft_token_id)], events: [{ type: "token.approved", data: { owner: wallet, spender: body.spender, nft_token_id: body.nft_token_id } }] });

export const approveAndCall = (scope: Scope, id: string, body: In<typeof S.ApproveAndCallInput>) =>
  operate(scope, id, body, { operation: "approve_and_call", standards: FUNGIBLE }, (_, wallet) => ({
    kind: "token.approve_and_call",
    functionName: "approveAndCall",
    args: [body.spender, big(body.amount), (body.data ?? "0x") as Hex],
    events: [{ type: "token.approved", data: { owner: wallet, spender: body.spender, amount: body.amount, data: body.data ?? "0x" } }],
  }));

export const transferAndCall = (scope: Scope, id: string, body: In<typeof S.TransferAndCallInput>) =>
  operate(scope, id, body, { operation: "transfer_and_call", standards: FUNGIBLE }, (_, wallet) => ({
    kind: "token.transfer_and_call",
    functionName: "transferAndCall",
    args: [body.to, big(body.amount), (body.data ?? "0x") as Hex],
    events: [{ type: "token.transferred", data: { from: wallet, to: body.to, amount: body.amount, data: body.data ?? "0x" } }],
    spends: { holder: wallet, amount: body.amount },
  }));

export const transferFromAndCall = (scope: Scope, id: string, body: In<typeof S.TransferFromAndCallInput>) =>
  operate(scope, id, body, { operation: "transfer_from_and_call", standards: FUNGIBLE }, (_, wallet) => ({
    kind: "token.transfer_from_and_call",
    functionName: "transferFromAndCall",
    args: [body.from, body.to, big(body.amount), (body.data ?? "0x") as Hex],
    events: [{ type: "token.transferred", data: { from: body.from, to: body.to, amount: body.amount, spender: wallet, data: body.data ?? "0x" } }],
    spends: { holder: body.from as Address, amount: body.amount },
  }));

export const setApprovalForAll = (scope: Scope, id: string, body: In<typeof S.SetApprovalForAllInput>) =>
  operate(scope, id, body, { operation: "set_approval_for_all", standards: NFT }, (_, wallet) => ({
    kind: "token.set_approval_for_all",
    functionName: "setApprovalForAll",
    args: [body.operator, body.approved],
    events: [{ type: "token.approved", data: { owner: wallet, operator: body.operator, approved: body.approved } }],
  }));

export const setBaseUri = (scope: Scope, id: string, body: In<typeof S.SetBaseUriInput>) =>
  operate(scope, id, body, { operation: "set_base_uri", standards: NFT }, () => ({
    kind: "token.set_base_uri",
    functionName: "setBaseURI",
    args: [body.base_uri],
    events: [{ type: "nft.metadata_updated", data: { nft_token_id: null, base_uri: body.base_uri } }],
  }));

export const setUri = (scope: Scope, id: string, body: In<typeof S.SetUriInput>) =>
  operate(scope, id, body, { operation: "set_uri", standards: ["ERC1155"] }, () => ({
    kind: "token.set_uri",
    functionName: "setURI",
    args: [body.uri],
    events: [{ type: "nft.metadata_updated", data: { nft_token_id: null, uri: body.uri } }],
  }));

export const setNftMetadata = (scope: Scope, id: string, nftTokenId: string, body: In<typeof S.NftMetadataInput>) =>
  operate(scope, id, body, { operation: "nfts/{nftTokenId}/metadata", standards: NFT }, () => ({
    kind: "token.nft_metadata",
    functionName: "setTokenURI",
    args: [BigInt(nftTokenId), body.uri],
    events: [{ type: "nft.metadata_updated", data: { nft_token_id: nftTokenId, uri: body.uri } }],
  }));

// Royalties have no event of their own in the spec; transaction.confirmed reports them.
export const setDefaultRoyalty = (scope: Scope, id: string, body: In<typeof S.RoyaltyBody>) =>
  operate(scope, id, body, { operation: "royalty", standards: NFT }, () => ({
    kind: "token.royalty",
    functionName: "setDefaultRoyalty",
    args: [body.receiver, BigInt(body.basis_points)],
  }));

export const setNftRoyalty = (scope: Scope, id: string, nftTokenId: string, body: In<typeof S.RoyaltyBody>) =>
  operate(scope, id, body, { operation: "nfts/{nftTokenId}/royalty", standards: NFT }, () => ({
    kind: "token.nft_royalty",
    functionName: "setTokenRoyalty",
    args: [BigInt(nftTokenId), body.receiver, BigInt(body.basis_points)],
  }));

export const pause = (scope: Scope, id: string, body: In<typeof S.PauseInput>) =>
  operate(scope, id, body, { operation: "pause", standards: STANDARDS, feature: "pausable" }, () => ({
    kind: "token.pause",
    functionName: "pause",
    args: [],
    events: [{ type: "token.paused", data: {} }],
  }));

export const unpause = (scope: Scope, id: string, body: In<typeof S.PauseInput>) =>
  operate(scope, id, body, { operation: "unpause", standards: STANDARDS, feature: "pausable" }, () => ({
    kind: "token.unpause",
    functionName: "unpause",
    args: [],
    events: [{ type: "token.unpaused", data: {} }],
  }));
