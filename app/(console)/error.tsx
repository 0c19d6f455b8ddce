"use client";
// A page of the console failed to load: say so, offer a retry, keep the navigation around it.
import { useEffect } from "react";

export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <div className="card">
      <div className="empty">
        <div className="empty-icon" aria-hidden="true">
          !
        </div>
        <h2>This page could not be loaded</h2>
        <p>
          Something went wrong on our side{error.digest ? <> (reference <code>{error.digest}</code>)</> : null}. Your data is safe; try again in a
          moment.
        </p>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={reset}>
            Try again
          </button>
        </div>
      </div>
    </div>
  );
}
