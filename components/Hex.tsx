// Addresses and hashes: shortened for reading, full in the title and the copy button, linked to a block
// explorer when the network has one.
import { CopyButton } from "./CopyButton";

export const shorten = (value: string, head = 8, tail = 6) => (value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value);

export function Hex({ value, href, copy = false, full = false }: { value: string | null | undefined; href?: string | null; copy?: boolean; full?: boolean }) {
  if (!value) return <span className="muted">—</span>;
  const text = full ? value : shorten(value);
  return (
    <span className="row" style={{ gap: 8, display: "inline-flex", flexWrap: "nowrap", maxWidth: "100%" }}>
      {href ? (
        <a href={href} target="_blank" rel="noreferrer" className={`mono ${full ? "break" : "nowrap"}`} title={value}>
          {text}
          <span className="visually-hidden"> (opens the block explorer)</span> ↗
        </a>
      ) : (
        <span className={`mono ${full ? "break" : "nowrap"}`} title={value}>
          {text}
        </span>
      )}
      {copy ? <CopyButton value={value} className="btn btn-small" /> : null}
    </span>
  );
}
