// What a webhook delivery's row shows after its event, on the endpoint's page and on the event's page alike.
import type { Column } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Time } from "@/components/Time";

type Outcome = { status: string; response_status: number | null; duration_ms: number | null; attempts: number; last_attempt: number | null };

/** Under the first cell at phone width, where the status and response columns are hidden. */
export function PhoneOutcome({ delivery: d }: { delivery: Outcome }) {
  return (
    <span className="sub show-sm">
      <StatusBadge status={d.status} /> {d.response_status ? <span className="mono">HTTP {d.response_status}</span> : null}
    </span>
  );
}

/** The receiver's answer (status and time taken), the attempts and the last one. */
export function outcomeColumns(responseCell: Partial<Column<Outcome>> = {}): Column<Outcome>[] {
  return [
    {
      header: "Response",
      className: "num hide-sm",
      cell: (d) => (
        <>
          {d.response_status ?? <span className="muted">—</span>}
          {d.duration_ms !== null ? <span className="sub">{d.duration_ms} ms</span> : null}
        </>
      ),
      ...responseCell,
    },
    { header: "Attempts", className: "num hide-sm", cell: (d) => d.attempts },
    { header: "Last attempt", className: "hide-sm", cell: (d) => <Time seconds={d.last_attempt} empty="not yet" /> },
  ];
}
