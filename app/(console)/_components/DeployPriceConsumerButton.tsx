"use client";
import { ActionButton } from "@/components/ActionButton";
import { deployPriceConsumerAction } from "../_actions/price-feeds";

/** Deploys your consumer of a listed aggregator from your wallet; its card then shows the price. */
export function DeployPriceConsumerButton({ network, networkName, pair, aggregator }: { network: string; networkName: string; pair: string; aggregator: string }) {
  return (
    <ActionButton
      action={() => deployPriceConsumerAction(network, pair, aggregator)}
      className="btn btn-small btn-primary"
      pendingLabel="Deploying…"
      label={`Deploy a ${pair} consumer on ${networkName}`}
    >
      Deploy consumer
    </ActionButton>
  );
}
