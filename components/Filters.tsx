// A list's filter form: a plain GET form (the filtered list is a link that can be shared) of labelled fields
// side by side, then Filter and, once something is filtered, Clear.
import Link from "next/link";
import type { InputHTMLAttributes, ReactNode } from "react";

export function FilterForm({ action, label, filtered, clearHref = action, children }: { action: string; label: string; filtered: boolean; clearHref?: string; children: ReactNode }) {
  return (
    <form className="filter-bar" method="get" action={action} aria-label={label}>
      {children}
      <div className="filter-actions">
        <button type="submit" className="btn btn-small">
          Filter
        </button>
        {filtered ? (
          <Link href={clearHref} className="btn btn-small btn-link">
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}

type Option = string | { value: string; label: string };

/** A select whose first choice ("All …") filters nothing; the choices are `options`, or option elements as children. */
export function FilterSelect({ name, label, value, all, options = [], wide, children }: { name: string; label: string; value: string | null | undefined; all: string; options?: readonly Option[]; wide?: boolean; children?: ReactNode }) {
  const id = `filter-${name}`;
  return (
    <div className={wide ? "field filter-wide" : "field"}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="select" defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {options.map((o) => {
          const { value: choice, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={choice} value={choice}>
              {text}
            </option>
          );
        })}
        {children}
      </select>
    </div>
  );
}

/** A text, search or date field. */
export function FilterInput({ name, label, value, wide, ...input }: { name: string; label: string; value: string | null | undefined; wide?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "id" | "defaultValue">) {
  const id = `filter-${name}`;
  return (
    <div className={wide ? "field filter-wide" : "field"}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} className={input.className ?? "input"} defaultValue={value ?? ""} {...input} />
    </div>
  );
}
