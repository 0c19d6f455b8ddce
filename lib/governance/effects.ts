// What happens when a governance instance's transactions end. The deployment is a chain of writes on the one
// transaction path, each recorded in the database transaction that confirms the one before: the timelock
// (the acting account its temporary admin), then the governor, then the timelock's roles to the governor and
// the admin role renounced. governance.deployed goes out when the renounce confirms. Proposal, vote and
// delegation events come from the contracts' logs (./watch), so those made outside the API count too.
import { encodeDeployData, encodeFunctionData, getAddress, keccak256, parseEventLogs, toHex, type Abi, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, Operation } from "@/lib/chain/registry/kinds";
import type { GovernanceInstance } from "@/lib/generated/prisma/client";
import { GOVERNANCE_COLUMNS, serializeGovernance } from "./records";
import { watchGovernor } from "./watch";
import { failure, resourceLifecycle } from "@/lib/chain/intake/resource-rows";

export const TIMELOCK_ROLES = {
  DEFAULT_ADMIN_ROLE: `0x${"0".repeat(64)}` as Hex,
  PROPOSER_ROLE: keccak256(toHex("PROPOSER_ROLE")),
  EXECUTOR_ROLE: keccak256(toHex("EXECUTOR_ROLE")),
  CANCELLER_ROLE: keccak256(toHex("CANCELLER_ROLE")),
};

export interface GovernanceEffect {
  governance: string;
  /** deploy_timelock: what the governor is deployed with next. */
  governor?: { name: string; token: Address; votingDelay: string; votingPeriod: string; proposalThreshold: string; quorumNumerator: string };
  /** The acting account that deploys (the timelock's temporary admin, who renounces). */
  admin?: Address;
  /** configure: which role step this write is. */
  step?: "proposer" | "canceller" | "executor" | "renounce";
}
const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as GovernanceEffect;
const timelockAbi = () => artifact("PlatformTimelock").abi as Abi;

const instances = resourceLifecycle<GovernanceInstance>({
  table: "governance_instances", columns: GOVERNANCE_COLUMNS, id: (effect) => (effect as unknown as GovernanceEffect).governance,
  serialize: serializeGovernance,
});

const follow = (ctx: EffectContext, kind: "governance.deploy_governor" | "governance.configure", to: Address | undefined, data: Hex, effect: GovernanceEffect, request: Record<string, unknown>) =>
  ctx.submit({ tenantId: ctx.tx.tenantId, livemode: ctx.tx.livemode, network: ctx.tx.network, kind, tokenId: ctx.tx.tokenId ?? undefined, to, data, request, effect: { ...effect } });

/** The timelock is deployed: the governor goes next, with it. */
const deployTimelock = instances.deployment({
  what: "The timelock deployment", column: "timelock_address", step: true,
  async activate(ctx, timelock) {
    const e = effectOf(ctx);
    const g = e.governor!;
    const pg = artifact("PlatformGovernor");
    const data = encodeDeployData({
      abi: pg.abi, bytecode: pg.bytecode,
      args: [g.name, g.token, timelock!, Number(g.votingDelay), Number(g.votingPeriod), BigInt(g.proposalThreshold), BigInt(g.quorumNumerator)],
    } as never);
    const next = await follow(ctx, "governance.deploy_governor", undefined, data, { governance: e.governance, admin: e.admin }, { governance: e.governance, timelock });
    return { last_tx_id: next.id };
  },
});

/** The governor is deployed: the timelock's roles go to it, and the acting account renounces its admin role. */
const deployGovernor = instances.deployment({
  what: "The governor deployment", column: "governor_address", step: true,
  async activate(ctx, governor, row) {
    const e = effectOf(ctx);
    const timelock = getAddress(row.timelockAddress!);
    const steps: [GovernanceEffect["step"], "grantRole" | "renounceRole", Hex, Address][] = [
      ["proposer", "grantRole", TIMELOCK_ROLES.PROPOSER_ROLE, governor!],
      ["canceller", "grantRole", TIMELOCK_ROLES.CANCELLER_ROLE, governor!],
      ["executor", "grantRole", TIMELOCK_ROLES.EXECUTOR_ROLE, governor!],
      ["renounce", "renounceRole", TIMELOCK_ROLES.DEFAULT_ADMIN_ROLE, e.admin!],
    ];
    let last = "";
    for (const [step, functionName, role, account] of steps) {
      const data = encodeFunctionData({ abi: timelockAbi(), functionName, args: [role, account] });
      last = (await follow(ctx, "governance.configure", timelock, data, { governance: e.governance, step }, { governance: e.governance, step, account })).id;
    }
    await watchGovernor(row.network, governor!, ctx.receipt.blockNumber);
    return { status: "configuring", last_tx_id: last };
  },
});

/** Active once the renounce confirms, only if every role step before it confirmed (a failed one left the status failed). */
const activation = instances.transition({
  confirmed: { status: "active" }, confirmedFrom: "configuring", event: "governance.deployed",
  failed: (reason) => failure(`Configuring the timelock's roles failed: ${reason}`),
});
const configure: Operation = {
  onConfirmed: async (ctx) => (effectOf(ctx).step === "renounce" ? activation.onConfirmed!(ctx) : undefined),
  onFailed: activation.onFailed,
};

/** The proposal's voting window from its ProposalCreated log, at once (the watcher's event may come later). */
const propose: Operation = {
  async onConfirmed(ctx) {
    const logs = parseEventLogs({ abi: artifact("PlatformGovernor").abi, eventName: "ProposalCreated", logs: ctx.receipt.logs, strict: true });
    for (const l of logs) {
      await ctx.client.query(
        "UPDATE governance_proposals SET proposer = $3, vote_start = $4, vote_end = $5 WHERE governance_id = $1 AND proposal_id = $2",
        [effectOf(ctx).governance, l.args.proposalId.toString(), getAddress(l.args.proposer), l.args.voteStart.toString(), l.args.voteEnd.toString()],
      );
    }
  },
};

export const governanceOperations = {
  "governance.deploy_timelock": deployTimelock,
  "governance.deploy_governor": deployGovernor,
  "governance.configure": configure,
  "governance.propose": propose,
  "governance.vote": {},
  "governance.delegate": {},
  "governance.queue": {},
  "governance.execute": {},
  "governance.cancel": {},
} satisfies Record<string, Operation>;
