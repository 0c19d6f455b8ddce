import Link from "next/link";

export default function NotFound() {
  return (
    <div className="card">
      <div className="empty">
        <div className="empty-icon" aria-hidden="true">
          ?
        </div>
        <h2>Not found</h2>
        <p>It does not exist, belongs to another account, or lives in the other environment (test/live): try the switch at the top.</p>
        <div className="actions">
          <Link href="/dashboard" className="btn">
            Back to the console
          </Link>
        </div>
      </div>
    </div>
  );
}
