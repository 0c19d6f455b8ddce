// What T-REX plugs into the layers below (lib/chain/registry/modules): the kinds of chain write of regulated tokens,
// their controls, compliance, identities and trusted issuers, and the T-REX factory among the base contracts.
import { defineModule } from "@/lib/chain/registry/modules";
import { installTrexBase } from "@/lib/trex/suite/base";
import { trexTokenOperations } from "@/lib/trex/suite/effects";
import { controlOperations } from "@/lib/trex/controls/effects";
import { complianceOperations } from "@/lib/trex/compliance/effects";
import { identityOperations } from "@/lib/trex/identities/effects";
import { trustedIssuerOperations } from "@/lib/trex/issuers/effects";

export const trexModule = defineModule({
  name: "trex",
  operations: { ...trexTokenOperations, ...controlOperations, ...complianceOperations, ...identityOperations, ...trustedIssuerOperations },
  baseContracts: [{ name: "t-rex", install: installTrexBase }],
});
