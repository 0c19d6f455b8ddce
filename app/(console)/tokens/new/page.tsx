import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { defaultNetwork, reachableNetworks } from "@/lib/console/explorer";
import { NoLiveNetworks } from "@/components/NoLiveNetworks";
import { PageHeader } from "@/components/PageHeader";
import { CreateTokenForm } from "../../_components/CreateTokenForm";

export const metadata: Metadata = { title: "Deploy a token" };

export default async function NewTokenPage() {
  const { livemode } = await requireConsole("/tokens/new");
  const networks = reachableNetworks(livemode); // only networks this deployment can reach
  return (
    <>
      <PageHeader
        breadcrumb={<Link href="/tokens">Tokens</Link>}
        title="Deploy a token"
        subtitle={`Deployed by your wallet on a ${livemode ? "mainnet (live mode)" : "test network (test mode)"}; you can follow it on the token's page.`}
      />
      <section className="card">
        <div className="card-body stack">
          {networks.length ? null : <NoLiveNetworks />}
          <CreateTokenForm networks={networks} defaultNetwork={defaultNetwork(livemode, networks) ?? ""} />
        </div>
      </section>
    </>
  );
}
