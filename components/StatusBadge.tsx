// One badge for every status the console shows (tokens, transactions, deliveries, endpoints, keys).
const TONES: Record<string, string> = {
  deployed: "success",
  confirmed: "success",
  succeeded: "success",
  enabled: "success",
  active: "success",
  live: "success",
  deploying: "info",
  approving: "info",
  pending: "info",
  submitted: "info",
  failed: "danger",
  revoked: "danger",
  disabled: "warning",
  expiring: "warning",
  test: "test",
  // governance instances and proposal states
  configuring: "info",
  queued: "info",
  executed: "success",
  defeated: "danger",
  canceled: "warning",
  expired: "warning",
  // price feeds
  fresh: "success",
  stale: "warning",
  // VRF requests
  requesting: "info",
  fulfilled: "success",
};

const MOVING = new Set(["deploying", "approving", "configuring", "pending", "submitted", "requesting"]);

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone = TONES[status] ?? "neutral";
  const text = label ?? status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <span className={`badge badge-${tone}`} data-status={status}>
      <span className={MOVING.has(status) ? "spin" : "dot"} aria-hidden="true" />
      {text}
    </span>
  );
}
