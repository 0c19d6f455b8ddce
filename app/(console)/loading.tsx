// Shown while a console page loads: the shape of a page, not a spinner.
export default function Loading() {
  return (
    <div className="stack" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <div className="skeleton" style={{ height: 28, width: 220 }} />
      <div className="skeleton" style={{ height: 16, width: "60%" }} />
      <div className="card" style={{ padding: 20 }}>
        <div className="stack">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="skeleton" style={{ height: 18 }} />
          ))}
        </div>
      </div>
    </div>
  );
}
