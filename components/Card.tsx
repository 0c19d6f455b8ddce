import type { HTMLAttributes, ReactNode } from "react";

type DataAttributes = { [name: `data-${string}`]: string | undefined };

/**
 * A console card: a section named by its heading (`id` links the two for screen readers), an optional line
 * under the heading, and the body (inside the card's padding with `padded`, else edge to edge, as a table is).
 */
export function Card({ id, title, description, actions, padded = false, children, ...rest }: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** Beside the heading (filters, a button). */
  actions?: ReactNode;
  /** The body in a `card-body` (forms, text); without it, the children fill the card (tables, lists). */
  padded?: boolean;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "title" | "id"> & DataAttributes) {
  return (
    <section className="card" aria-labelledby={id} {...rest}>
      <div className="card-header">
        <h2 id={id}>{title}</h2>
        {description ? <p>{description}</p> : null}
        {actions}
      </div>
      {padded ? <div className="card-body">{children}</div> : children}
    </section>
  );
}
