// Every ERC-20 operation over HTTP, each read back on chain: transfers, allowances (approve, permit with a
// real EIP-2612 signature), ERC-1363 calls into a receiver contract, burning, minting, pausing.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, parseSignature, type Address } from "viem";
import { ERC1363ReceiverMock } from "@/test/artifacts/ERC1363ReceiverMock";
import { LOCAL_CHAIN_ID } from "@/lib/chain/local/accounts";
import {
  account, api, confirmed, deployContract, deployToken, ERC20_FEATURES, eventsOf, read, settled, tenant,
  type TestTenant,
} from "@/lib/tokens/testing";
import { PERMIT_TYPES } from "./reads";

const SUPPLY = 1_000_000n;
const OTHER: Address = "0x00000000000000000000000000000000000000b2";

let t: TestTenant;
let token: Awaited<ReturnType<typeof deployToken>>;
let holder: Awaited<ReturnType<typeof account>>;
let receiver: Address;
const path = (op: string) => `/v1/tokens/${token.id}/${op}`;
const balance = (who: Address) => read<bigint>(token, "balanceOf", [who]);
const allowance = (owner: Address, spender: Address) => read<bigint>(token, "allowance", [owner, spender]);

async function signPermit(signer: typeof holder, spender: Address, value: bigint, deadline: bigint) {
  const info = await api(t, "GET", `${path("permit_info")}?owner=${signer.address}`);
  expect(info.status).toBe(200);
  const { domain, nonce } = info.body;
  return signer.account.signTypedData({
    domain: { name: domain.name, version: domain.version, chainId: domain.chain_id, verifyingContract: domain.verifying_contract },
    types: PERMIT_TYPES,
    primaryType: "Permit",
    message: { owner: signer.address, spender, value, nonce: BigInt(nonce), deadline },
  });
}

beforeAll(async () => {
  t = await tenant();
  const funded = await account(true);
  [token, holder, receiver] = await Promise.all([
    deployToken(t, { name: "Acme Dollar", symbol: "ACD", standard: "ERC20", decimals: 6, initial_supply: SUPPLY.toString(), features: ERC20_FEATURES }),
    account(),
    deployContract(funded.wallet, ERC1363ReceiverMock.abi, ERC1363ReceiverMock.bytecode),
  ]);
});

describe("ERC-20 operations", () => {
  it("deploys with the initial supply in the tenant wallet", async () => {
    expect(token).toMatchObject({ decimals: 6, initial_supply: SUPPLY.toString(), features: ERC20_FEATURES });
    expect(await balance(t.wallet)).toBe(SUPPLY);
    expect(await read<number>(token, "decimals")).toBe(6);
    expect(await read<string>(token, "symbol")).toBe("ACD");
  });

  it("transfer, then permit_info and a signed permit give the tenant wallet an allowance", async () => {
    await confirmed(t, "POST", path("transfer"), { to: holder.address, amount: "1000" });
    expect(await balance(holder.address)).toBe(1000n);
    const viaApi = await api(t, "GET", `/v1/tokens/${token.id}/balance?address=${holder.address}&nft_token_id=0`);
    expect(viaApi.body.balance).toBe("1000");

    const info = await api(t, "GET", `${path("permit_info")}?owner=${holder.address}`);
    expect(info.body).toMatchObject({
      object: "permit_info", token: token.id, owner: holder.address, nonce: "0", primary_type: "Permit",
      domain: { name: "Acme Dollar", version: "1", chain_id: LOCAL_CHAIN_ID, verifying_contract: getAddress(token.address) },
    });
    expect(info.body.domain_separator).toBe(await read(token, "DOMAIN_SEPARATOR"));

    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
    const signature = await signPermit(holder, t.wallet, 600n, deadline);
    // Not the owner's signature: refused before anything is sent.
    const stranger = await account();
    const forged = await signPermit(stranger, t.wallet, 600n, deadline);
    const bad = await api(t, "POST", path("permit"), { owner: holder.address, spender: t.wallet, value: "600", deadline: Number(deadline), signature: forged });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "invalid_signature", param: "signature" });
    const expired = await api(t, "POST", path("permit"), { owner: holder.address, spender: t.wallet, value: "600", deadline: 1, signature });
    expect(expired.body.error).toMatchObject({ code: "permit_expired", param: "deadline" });

    await confirmed(t, "POST", path("permit"), { owner: holder.address, spender: t.wallet, value: "600", deadline: deadline.toString(), signature });
    expect(await allowance(holder.address, t.wallet)).toBe(600n);
    expect(await read<bigint>(token, "nonces", [holder.address])).toBe(1n);

    // The v, r, s form of the same API.
    const split = parseSignature(await signPermit(holder, OTHER, 5n, deadline));
    await confirmed(t, "POST", path("permit"), { owner: holder.address, spender: OTHER, value: "5", deadline: Number(deadline), v: Number(split.v), r: split.r, s: split.s });
    expect(await allowance(holder.address, OTHER)).toBe(5n);
  });

  it("transfer_from and burn_from spend the allowance", async () => {
    await confirmed(t, "POST", path("transfer_from"), { from: holder.address, to: OTHER, amount: "100" });
    expect(await balance(OTHER)).toBe(100n);
    const supply = await read<bigint>(token, "totalSupply");
    await confirmed(t, "POST", path("burn_from"), { from: holder.address, amount: "100" });
    expect(await balance(holder.address)).toBe(800n);
    expect(await allowance(holder.address, t.wallet)).toBe(400n);
    expect(await read<bigint>(token, "totalSupply")).toBe(supply - 100n);
  });

  it("ERC-1363: transfer_and_call, transfer_from_and_call and approve_and_call notify the receiver", async () => {
    const mock = { address: receiver, standard: token.standard };
    const last = async () => ({
      calls: await read<bigint>(mock, "calls", [], ERC1363ReceiverMock.abi),
      from: await read<Address>(mock, "lastFrom", [], ERC1363ReceiverMock.abi),
      operator: await read<Address>(mock, "lastOperator", [], ERC1363ReceiverMock.abi),
      value: await read<bigint>(mock, "lastValue", [], ERC1363ReceiverMock.abi),
      data: await read<string>(mock, "lastData", [], ERC1363ReceiverMock.abi),
    });

    await confirmed(t, "POST", path("transfer_and_call"), { to: receiver, amount: "50", data: "0x1234" });
    expect(await balance(receiver)).toBe(50n);
    expect(await last()).toEqual({ calls: 1n, from: t.wallet, operator: t.wallet, value: 50n, data: "0x1234" });

    await confirmed(t, "POST", path("transfer_from_and_call"), { from: holder.address, to: receiver, amount: "25" });
    expect(await balance(receiver)).toBe(75n);
    expect(await last()).toEqual({ calls: 2n, from: holder.address, operator: t.wallet, value: 25n, data: "0x" });
    expect(await allowance(holder.address, t.wallet)).toBe(375n);

    await confirmed(t, "POST", path("approve_and_call"), { spender: receiver, amount: "33", data: "0xbeef" });
    expect(await allowance(t.wallet, receiver)).toBe(33n);
    expect(await last()).toMatchObject({ calls: 3n, from: t.wallet, value: 33n, data: "0xbeef" });
  });

  it("approve, burn and mint", async () => {
    await confirmed(t, "POST", path("approve"), { spender: OTHER, amount: "77" });
    expect(await allowance(t.wallet, OTHER)).toBe(77n);
    const before = await balance(t.wallet);
    await confirmed(t, "POST", path("burn"), { amount: "1000" });
    expect(await balance(t.wallet)).toBe(before - 1000n);
    await confirmed(t, "POST", path("mint"), { to: holder.address, amount: "5" });
    expect(await balance(holder.address)).toBe(780n); // 1000 − 100 − 100 − 25 + 5
  });

  it("pause stops transfers until unpause", async () => {
    await confirmed(t, "POST", path("pause"), {});
    expect(await read<boolean>(token, "paused")).toBe(true);
    const blocked = await api(t, "POST", path("transfer"), { to: OTHER, amount: "1" });
    const failed = await settled(blocked.body.id);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toMatch(/EnforcedPause/);
    await confirmed(t, "POST", path("unpause"), {});
    expect(await read<boolean>(token, "paused")).toBe(false);
  });

  it("recorded the domain events with the token, the transaction and the fields", async () => {
    const approved = await eventsOf(t.id, "token.approved");
    expect(approved.map((e) => e.kind)).toEqual(["token.permit", "token.permit", "token.approve_and_call", "token.approve"]);
    expect(approved[0]).toMatchObject({ object: "token_operation", token: token.id, owner: holder.address, spender: t.wallet, amount: "600", via: "permit" });
    const transferred = await eventsOf(t.id, "token.transferred");
    expect(transferred.map((e) => e.kind)).toEqual(["token.transfer", "token.transfer_from", "token.transfer_and_call", "token.transfer_from_and_call"]);
    expect(transferred[1]).toMatchObject({ from: holder.address, to: OTHER, amount: "100", spender: t.wallet });
    expect((await eventsOf(t.id, "token.burned")).map((e) => e.amount)).toEqual(["100", "1000"]);
    expect(await eventsOf(t.id, "token.minted")).toHaveLength(1);
    expect(await eventsOf(t.id, "token.paused")).toHaveLength(1);
    const [unpaused] = await eventsOf(t.id, "token.unpaused");
    expect(unpaused.transaction).toMatch(/^tx_/);
  });
});
