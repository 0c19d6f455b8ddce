// What happens when the writes of a regulated token's deployment end. The suite deployment fills in the
// token (address, suite contracts, paused) and asks for token.deployed, then records the two follow-ups:
// the tenant wallet unpauses the token, and the platform hands the identity registry storage to the
// tenant wallet (the factory keeps it otherwise), so the tenant can bind registries to it.
import { encodeFunctionData, getAddress, parseEventLogs, type Address } from "viem";
import type { Operation } from "@/lib/chain/registry/kinds";
import { artifact } from "@/lib/chain/artifacts";
import type { Token } from "@/lib/generated/prisma/client";
import { serializeToken } from "@/lib/tokens/serialize";
import { TOKEN_COLUMNS } from "@/lib/tokens/lookup";
import { trexBase } from "@/lib/trex/suite/base";

const finishSql = `UPDATE tokens SET status = $2, address = $3, deploy_tx_id = $4, failure_reason = $5, regulated = $6, updated_at = now()
  WHERE id = $1 RETURNING ${TOKEN_COLUMNS}`;

const deploySuite: Operation = {
  async onConfirmed({ tx, receipt, client, submit }) {
    if (!tx.tokenId) return;
    const [deployed] = parseEventLogs({ abi: artifact("TREXFactory").abi, logs: receipt.logs, eventName: "TREXSuiteDeployed" }) as unknown as {
      args: { _token: Address; _ir: Address; _irs: Address; _tir: Address; _ctr: Address; _mc: Address };
    }[];
    if (!deployed) {
      await client.query(finishSql, [tx.tokenId, "failed", null, tx.id, "The factory deployed no suite.", null]);
      return;
    }
    const a = deployed.args;
    const suite = {
      identity_registry: getAddress(a._ir),
      identity_registry_storage: getAddress(a._irs),
      compliance: getAddress(a._mc),
      trusted_issuers_registry: getAddress(a._tir),
      claim_topics_registry: getAddress(a._ctr),
      paused: true,
    };
    const { rows } = await client.query(finishSql, [tx.tokenId, "deployed", getAddress(a._token), tx.id, null, JSON.stringify(suite)]);
    const owner = (tx.effect as { owner: Address }).owner;
    const common = { tenantId: tx.tenantId, livemode: tx.livemode, network: tx.network, tokenId: tx.tokenId };
    await submit({
      ...common, kind: "token.unpause", to: getAddress(a._token),
      data: encodeFunctionData({ abi: artifact("Token").abi, functionName: "unpause" }),
      request: { unpause_new_suite: true }, effect: { events: [] },
    });
    await submit({
      ...common, kind: "trex.storage_ownership", signer: "platform", to: trexBase(tx.network).trexFactory,
      data: encodeFunctionData({ abi: artifact("TREXFactory").abi, functionName: "recoverContractOwnership", args: [suite.identity_registry_storage, owner] }),
      request: { identity_registry_storage: suite.identity_registry_storage, new_owner: owner },
    });
    return [{ type: "token.deployed", object: serializeToken(rows[0] as Token) }];
  },
  async onFailed({ tx, reason, client }) {
    if (tx.tokenId) await client.query(finishSql, [tx.tokenId, "failed", null, tx.id, reason, null]);
  },
};

export const trexTokenOperations = {
  "token.deploy_suite": deploySuite,
  /** The platform hands a new suite's identity registry storage to the tenant wallet. */
  "trex.storage_ownership": {},
} satisfies Record<string, Operation>;
