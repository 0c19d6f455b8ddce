import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { networkLabel } from "@/lib/console/explorer";
import { currentPrice, listFeeds, rounds } from "@/lib/oracles/service";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { StatusBadge } from "@/components/StatusBadge";
import { AutoRefresh } from "@/components/AutoRefresh";
import { Hex } from "@/components/Hex";
import { RoundsChart } from "../_components/RoundsChart";
import { DeployPriceConsumerButton } from "../_components/DeployPriceConsumerButton";

export const metadata: Metadata = { title: "Price feeds" };

/** A feed's price and recent rounds; a node that does not answer leaves the card without them. */
async function readings(scope: Parameters<typeof currentPrice>[0], pair: string, network: string) {
  try {
    const [price, history] = await Promise.all([currentPrice(scope, pair, network), rounds(scope, pair, 20, network)]);
    const scale = 10 ** history.decimals;
    return { price, points: [...history.data].reverse().map((r) => ({ round: r.round_id, price: Number(r.answer) / scale })) };
  } catch {
    return null;
  }
}

export default async function PriceFeedsPage() {
  const { scope, livemode } = await requireConsole("/price-feeds");
  const feeds = (await listFeeds(scope)).data;
  const mine = feeds.filter((f) => f.consumer);
  const cards = await Promise.all(mine.map(async (f) => ({ feed: f, read: f.consumer!.address ? await readings(scope, f.pair, f.network) : null })));
  const listed = feeds.filter((f) => !f.consumer);
  return (
    <>
      <PageHeader title="Price feeds" subtitle={`Your ${livemode ? "live" : "test"} Chainlink price consumers: deploy one of a listed aggregator below and read its price here.`} />
      <AutoRefresh active={mine.some((f) => f.consumer!.status === "deploying")} intervalMs={1500} />
      {cards.length ? (
        cards.map(({ feed, read }) => (
          <section className="card" key={feed.consumer!.id} data-price-consumer={feed.pair} data-status={feed.consumer!.status} data-address={feed.consumer!.address ?? ""}>
            <div className="card-header">
              <h2>{feed.pair}</h2>
              <p>
                {feed.consumer!.name} · {networkLabel(feed.network).name}
              </p>
            </div>
            <div className="card-body stack">
              {read ? (
                <>
                  <p>
                    <strong className="mono" style={{ fontSize: "1.5rem" }} data-testid="price">
                      {read.price.price}
                    </strong>{" "}
                    {/* The quote currency: a pair is BASE-QUOTE. */}
                    <span>{feed.pair.split("-")[1] ?? ""}</span> <StatusBadge status={read.price.stale ? "stale" : "fresh"} />
                    <span className="sub">
                      Round {read.price.round_id} · {read.price.age_seconds} s old · stale after {read.price.max_age_seconds} s
                    </span>
                  </p>
                  {read.points.length > 1 ? <RoundsChart points={read.points} title={`${feed.pair} rounds`} /> : null}
                </>
              ) : (
                <p>
                  <StatusBadge status={feed.consumer!.status} /> {feed.consumer!.failure_reason ?? ""}
                </p>
              )}
              <p className="sub">
                Consumer <Hex value={feed.consumer!.address} /> · aggregator <Hex value={feed.price_feed_address} />
              </p>
            </div>
          </section>
        ))
      ) : (
        <EmptyState icon="◔" title={`No ${livemode ? "live" : "test"} price consumers yet`}>
          Deploy a consumer of one of the aggregators below; its price and recent rounds show here.
        </EmptyState>
      )}
      {listed.length ? (
        <section className="card">
          <div className="card-header">
            <h2>Listed aggregators</h2>
          </div>
          <ul className="card-body stack" style={{ listStyle: "none", margin: 0 }}>
            {listed.map((f) => (
              <li key={`${f.network}:${f.pair}`} className="row" style={{ justifyContent: "space-between" }}>
                <span>
                  <strong>{f.pair}</strong> on {networkLabel(f.network).name}: <Hex value={f.price_feed_address} /> ({f.decimals} decimals)
                </span>
                <DeployPriceConsumerButton network={f.network} networkName={networkLabel(f.network).name} pair={f.pair} aggregator={f.price_feed_address} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
