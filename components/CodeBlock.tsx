import { CopyButton } from "./CopyButton";

/** A snippet with a copy button above it (never over the text); `wrap`: long lines wrap (a JSON body), never widening the page. */
export function CodeBlock({ code, label, language = "shell", wrap = false }: { code: string; label?: string; language?: string; wrap?: boolean }) {
  return (
    <div className="code-block">
      <div className="code-toolbar">
        <span>{language}</span>
        <CopyButton value={code} className="btn btn-small" />
      </div>
      <pre className={wrap ? "code wrap" : "code"} aria-label={label} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** JSON pretty-printed for reading; anything else (a body cut short, plain text) as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
