// Every token write: calldata encoded from the template's ABI, sent through the one chain-write path.
// The events to emit on confirmation travel in the record's `effect` (see ./effects).
import { encodeFunctionData, type Abi, type Address } from "viem";
import { submitChainWrite } from "@/lib/chain/intake";
import type { OperationKind } from "@/lib/chain/registry/kinds";
import type { EventType } from "@/lib/core/event-types";
import type { DeployedToken } from "@/lib/tokens/lookup";
import type { Scope } from "@/lib/core/scope";
import { abiOf, type Standard } from "@/lib/tokens/standards";

export interface PlannedEvent {
  type: EventType;
  /** Operation fields for the event payload; token, transaction, hash and network are added on confirmation. */
  data: Record<string, unknown>;
}

export interface TokenWrite {
  kind: OperationKind;
  functionName: string;
  args: readonly unknown[];
  /** The validated body, shown on the transaction record. */
  request: Record<string, unknown>;
  events?: PlannedEvent[];
  /** Another contract than the token itself (Permit2). */
  contract?: { address: Address; abi: Abi };
  /** Checked before the write is recorded, and only then (not when a resumed request finds its earlier record). */
  check?: () => Promise<void>;
}

export function encodeCall(standard: Standard, functionName: string, args: readonly unknown[], abi: Abi = abiOf(standard)) {
  return encodeFunctionData({ abi, functionName, args } as never);
}

export function submitTokenWrite(scope: Scope, token: DeployedToken, write: TokenWrite) {
  const { idempotency_key: _, ...request } = write.request;
  return submitChainWrite({
    tenantId: scope.tenantId,
    livemode: scope.livemode,
    network: token.network,
    kind: write.kind,
    tokenId: token.id,
    to: write.contract?.address ?? token.address,
    data: encodeCall(token.standard, write.functionName, write.args, write.contract?.abi),
    request,
    effect: { events: write.events ?? [] },
  }, { check: write.check });
}
