"use client";
// Event subscriptions: "every event" or a choice among the spec's events, grouped by area.
import { useState } from "react";
import { Check, CheckGroup } from "@/components/ConsoleForm";

export function EventsPicker({ events, initial = ["*"] }: { events: readonly string[]; initial?: string[] }) {
  const [all, setAll] = useState(initial.includes("*"));
  return (
    <CheckGroup name="events" legend="Events to send" hint="Choose “All events” to also get events added later." className="span-2">
      <div className="checks">
        <Check name="events" value="*" label="All events" checked={all} onChange={(e) => setAll(e.target.checked)} />
      </div>
      {!all ? (
        <div className="events-grid">
          {events.map((e) => (
            <Check key={e} name="events" value={e} label={<span className="mono">{e}</span>} defaultChecked={initial.includes(e)} />
          ))}
        </div>
      ) : null}
    </CheckGroup>
  );
}
