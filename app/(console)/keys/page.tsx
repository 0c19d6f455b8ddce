import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { publicBaseUrl } from "@/lib/console/request";
import { param } from "@/lib/console/pages";
import { listApiKeys } from "@/lib/api-keys/service";
import { walletMode } from "@/lib/connect/settings/wallet-mode";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { CreateKeyForm } from "../_components/CreateKeyForm";
import { defaultNetwork } from "@/lib/console/explorer";
import { KeysTable } from "../_components/KeysTable";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { tenant, environment, scope } = await requireConsole("/keys");
  const startingAfter = param((await searchParams).starting_after);
  const [keys, wallet, baseUrl] = await Promise.all([listApiKeys(tenant.id, { limit: 50, starting_after: startingAfter }), walletMode(scope), publicBaseUrl()]);
  return (
    <>
      <PageHeader
        title="API keys"
        subtitle="Secret keys authenticate your server's calls. Test keys work on test networks only, live keys on mainnets only."
      />
      <Card id="create-key" title="Create a key">
        <div className="card-body">
          <CreateKeyForm environment={environment} baseUrl={baseUrl} walletAddress={wallet.wallet_address} testNetwork={defaultNetwork(false) ?? "polygon_amoy"} />
        </div>
      </Card>
      <Card id="keys" title="Your keys" description="Keys of both environments; revoked keys stay listed.">
        <div className="card-body tight">
          {keys.data.length ? (
            <KeysTable keys={keys.data} />
          ) : (
            <EmptyState icon="{ }" title="No API keys yet">
              Create a test key above, then call the API from your server with <code>Authorization: Bearer sk_test_…</code>.
            </EmptyState>
          )}
          <Pagination basePath="/keys" params={{ starting_after: startingAfter }} hasMore={keys.has_more} lastId={keys.data.at(-1)?.id} total={keys.total} shown={keys.data.length} />
        </div>
      </Card>
    </>
  );
}
