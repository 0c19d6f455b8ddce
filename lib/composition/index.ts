// The one place where the domains plug into the lower layer (lib/chain): their kinds of chain write, the
// submitters behind the one transaction record, who sends for a tenant, and the base contracts the local
// chain installs at start. Every entry point imports this module once, for its side effects: the API
// wrapper (lib/api/handler), the durable functions (inngest/functions), the console's server actions, the
// scripts and the test setup (a script that only starts the local chain imports ./base-contracts alone).
// lib/chain imports no domain, and fails loudly when this was skipped.
import { registerOperations } from "@/lib/chain/operations";
import { registerSenderResolver, registerSubmitter } from "@/lib/chain/senders";
import { registerIntakeGuard } from "@/lib/chain/write";
import { chainWriteGuard } from "@/lib/billing/quotas";
import { tokenOperations } from "@/lib/tokens/effects";
import { trexTokenOperations } from "@/lib/trex/effects";
import { trustedIssuerOperations } from "@/lib/trex/trusted-issuers-effects";
import { controlOperations } from "@/lib/trex/controls-effects";
import { complianceOperations } from "@/lib/trex/compliance-effects";
import { identityOperations } from "@/lib/trex/identity-effects";
import { vestingOperations } from "@/lib/vesting/effects";
import { vaultOperations } from "@/lib/vaults/effects";
import { multisigOperations } from "@/lib/multisig/effects";
import { governanceOperations } from "@/lib/governance/effects";
import { priceFeedOperations } from "@/lib/oracles/effects";
import { vrfOperations } from "@/lib/vrf/effects";
import { actingFor } from "@/lib/connect/wallet-mode";
import { userOperationSubmitter } from "@/lib/connect/user-operations";
import "./base-contracts";

registerOperations({
  ...tokenOperations,
  ...trexTokenOperations,
  ...trustedIssuerOperations,
  ...controlOperations,
  ...complianceOperations,
  ...identityOperations,
  ...vestingOperations,
  ...vaultOperations,
  ...multisigOperations,
  ...governanceOperations,
  ...priceFeedOperations,
  ...vrfOperations,
});

// The acting account decides who sends: the custodial wallet signs itself, a smart account makes user operations.
registerSenderResolver(async (scope, network) => {
  const acting = await actingFor(scope, network);
  return { address: acting.address, submitter: acting.mode === "connect" ? "user_operation" : "eoa" };
});
registerSubmitter("user_operation", userOperationSubmitter);

// The plan's quotas (chain writes, deployed contracts) are checked before a request's chain write is recorded.
registerIntakeGuard(chainWriteGuard);
