import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/Card";

/**
 * A card that creates something over one of the tenant's tokens: its form (the children) once a token fits, else
 * what it needs and the link to deploy one ("…: deploy one first.").
 */
export function NeedsTokenCard({ id, title, description, ready, needs, then = "first", children }: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** A token fits: the form is shown. */
  ready: boolean;
  /** What the form needs, before the link. */
  needs: ReactNode;
  /** After the link. */
  then?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} title={title} description={description} padded>
      {ready ? (
        children
      ) : (
        <p className="muted">
          {needs}: <Link href="/tokens/new">deploy one</Link> {then}.
        </p>
      )}
    </Card>
  );
}
