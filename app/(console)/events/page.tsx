import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { listEvents } from "@/lib/webhooks/events";
import { EVENT_TYPES } from "@/lib/core/event-types";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Time } from "@/components/Time";
import { ListTable } from "@/components/ListTable";
import { FilterForm, FilterSelect } from "@/components/Filters";

export const metadata: Metadata = { title: "Events" };

// The filter's choices: every event of an area (token.*), then each event of it.
const AREAS = [...new Set(EVENT_TYPES.map((t) => t.split(".")[0]))].map((area) => ({
  area,
  types: EVENT_TYPES.filter((t) => t.startsWith(`${area}.`)),
}));
const CHOICES = new Set<string>([...EVENT_TYPES, ...AREAS.map((a) => `${a.area}.*`)]);

/** The record an event is about: its kind and id, linked through the search (which opens its page). */
function About({ object }: { object: Record<string, unknown> }) {
  const id = typeof object.id === "string" ? object.id : null;
  if (!id) return <span className="muted">—</span>;
  return (
    <>
      {typeof object.object === "string" ? <span className="sub">{object.object.replaceAll("_", " ")}</span> : null}
      <Link href={`/search?q=${encodeURIComponent(id)}`} className="mono small">
        {id}
      </Link>
    </>
  );
}

export default async function EventsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/events");
  const query = await searchParams;
  const requested = param(query.type);
  const type = requested && CHOICES.has(requested) ? requested : undefined;
  const startingAfter = param(query.starting_after);
  const events = await listEvents(scope, { limit: 25, starting_after: startingAfter, type });
  return (
    <>
      <PageHeader
        title="Events"
        subtitle={`What happened in your account: ${livemode ? "live" : "test"}-mode events and account events of both modes, as webhooks deliver them.`}
      />
      <section className="card" aria-labelledby="events">
        <div className="card-header">
          <h2 id="events">Events</h2>
          <span className="muted small">{events.total} {type ? `of type ${type}` : "in all"}</span>
        </div>
        <FilterForm action="/events" label="Filter events" filtered={Boolean(type)}>
          <FilterSelect name="type" label="Type" value={type} all="All events" wide>
            {AREAS.map(({ area, types }) => (
              <optgroup key={area} label={area}>
                <option value={`${area}.*`}>Every {area} event</option>
                {types.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </optgroup>
            ))}
          </FilterSelect>
        </FilterForm>
        <ListTable
          list={events}
          pages={{ basePath: "/events", params: { type, starting_after: startingAfter } }}
          caption="Events"
          rowProps={(e) => ({ "data-event-type": e.type })}
          columns={(col) => [
            {
              header: "Event",
              cell: (e) => (
                <>
                  <Link href={`/events/${e.id}`} className="row-link mono">
                    {e.type}
                  </Link>
                  <span className="sub mono">{e.id}</span>
                  <span className="sub show-sm">
                    <Time seconds={e.created} />
                  </span>
                </>
              ),
            },
            { header: "About", className: "hide-sm", cell: (e) => <About object={e.data.object} /> },
            col.time((e) => e.created),
          ]}
          empty={
            <EmptyState icon="◎" title={type ? "No events of this type" : "No events yet"}>
              {type ? "Nothing of this type happened yet in this mode." : "Deploying a token, minting, or creating an API key records an event here."}
            </EmptyState>
          }
        />
      </section>
    </>
  );
}
