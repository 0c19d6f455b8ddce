// The one place where the areas plug into the layers below. Each area declares what it brings in one
// descriptor (lib/<area>/module.ts, typed by lib/chain/registry/modules): its kinds of chain write and their effects,
// submitters, who sends, base contracts, Inngest functions, the log events they consume, and intake guards.
// The platform is built here from their list and registered; the kind types are derived from the same list,
// so a kind no module registers is a compile error where it is written (and intake refuses it at run time).
// Every entry point imports this module once: the API wrapper (lib/api/handler), the durable functions
// (inngest/functions), the console's server actions, the scripts and the test setup (a script that only
// starts the local chain imports ./base-contracts alone). lib/chain imports no area, and fails loudly when
// this was skipped.
import { buildPlatform, type KindsOfModules, type SubmittersOfModules } from "@/lib/chain/registry/modules";
import { registerOperations } from "@/lib/chain/registry/kinds";
import { registerSenderResolver, registerSubmitter, type SubmitterName } from "@/lib/chain/registry/senders";
import { registerBaseContracts } from "@/lib/chain/registry/base-contracts";
import { registerIntakeGuard } from "@/lib/chain/intake/record";
import { registerEndpointQuota } from "@/lib/webhooks/endpoints";
import { connectModule } from "@/lib/connect/module";
import { tokensModule } from "@/lib/tokens/module";
import { trexModule } from "@/lib/trex/module";
import { multisigModule } from "@/lib/multisig/module";
import { oraclesModule } from "@/lib/oracles/module";
import { vrfModule } from "@/lib/vrf/module";
import { billingModule } from "@/lib/billing/module";
import { vestingModule } from "@/lib/vesting/module";
import { vaultsModule } from "@/lib/vaults/module";
import { governanceModule } from "@/lib/governance/module";

/** Every area's module. Their order is the order in which the local chain installs their base contracts. */
export const modules = [connectModule, tokensModule, trexModule, multisigModule, oraclesModule, vrfModule, billingModule, vestingModule, vaultsModule, governanceModule] as const;

export const platform = buildPlatform(modules);

registerOperations(platform.operations);
for (const [name, submitter] of Object.entries(platform.submitters)) registerSubmitter(name as Exclude<SubmitterName, "eoa">, submitter);
if (platform.senders) registerSenderResolver(platform.senders);
for (const base of platform.baseContracts) registerBaseContracts(base);
for (const guard of platform.intakeGuards) registerIntakeGuard(guard);
if (platform.webhookEndpointQuota) registerEndpointQuota(platform.webhookEndpointQuota);

declare module "@/lib/chain/registry/kinds" {
  interface OperationKinds extends KindsOfModules<typeof modules> {}
}

declare module "@/lib/chain/registry/senders" {
  interface SubmitterKinds extends SubmittersOfModules<typeof modules> {}
}
