import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { listNetworks, rpcSource } from "@/lib/chain/networks";
import { networkLabel } from "@/lib/console/explorer";
import { PageHeader } from "@/components/PageHeader";
import { CreateTokenForm } from "../../_components/CreateTokenForm";

export const metadata: Metadata = { title: "Deploy a token" };

export default async function NewTokenPage() {
  const { livemode } = await requireConsole("/tokens/new");
  const networks = listNetworks()
    .filter((n) => n.testnet !== livemode && rpcSource(n) !== null) // only networks this deployment can reach
    .map((n) => ({ name: n.name, label: `${n.displayName}${networkLabel(n.name).local ? " (local chain)" : ""}` }));
  return (
    <>
      <PageHeader
        breadcrumb={<Link href="/tokens">Tokens</Link>}
        title="Deploy a token"
        subtitle={`Deployed by your wallet on a ${livemode ? "mainnet (live mode)" : "test network (test mode)"}; you can follow it on the token's page.`}
      />
      <section className="card">
        <div className="card-body">
          <CreateTokenForm networks={networks} defaultNetwork={livemode ? "polygon" : "polygon_amoy"} />
        </div>
      </section>
    </>
  );
}
