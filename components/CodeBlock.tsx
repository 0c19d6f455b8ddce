import { CopyButton } from "./CopyButton";

/** A shell snippet with a copy button above it (never over the text). */
export function CodeBlock({ code, label, language = "shell" }: { code: string; label?: string; language?: string }) {
  return (
    <div className="code-block">
      <div className="code-toolbar">
        <span>{language}</span>
        <CopyButton value={code} className="btn btn-small" />
      </div>
      <pre className="code" aria-label={label} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
