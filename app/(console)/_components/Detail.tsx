// The pieces a record's page (`app/(console)/*/[id]/page.tsx`) is made of: its fields as a definition list,
// the links and values those fields hold, and the notices of a record that is still deploying or failed.
import Link from "next/link";
import type { HTMLAttributes, ReactNode } from "react";
import { Card } from "@/components/Card";
import { Hex } from "@/components/Hex";
import { Notice } from "@/components/Notice";
import { Time } from "@/components/Time";
import { explorerUrl } from "@/lib/console/explorer";

type DataAttributes = { [name: `data-${string}`]: string | undefined };
/** What `networkLabel` says of a network: its name, and whether it runs on the local chain here. */
type NetworkLabel = { name: string; local: boolean };

/** One field of a `<dl className="details">`: its label, then its value (`dd` takes the other attributes). */
export function Field({ label, children, ...dd }: { label: ReactNode; children?: ReactNode } & HTMLAttributes<HTMLElement> & DataAttributes) {
  return (
    <>
      <dt>{label}</dt>
      <dd {...dd}>{children}</dd>
    </>
  );
}

/** A record's fields in a card: its id first when given, then the fields (`Field`) as a definition list. */
export function DetailsCard({ id, title = "Details", recordId, children }: { id: string; title?: ReactNode; recordId?: string; children: ReactNode }) {
  return (
    <Card id={id} title={title}>
      <dl className="details">
        {recordId ? (
          <Field label="Id" className="mono">
            {recordId}
          </Field>
        ) : null}
        {children}
      </dl>
    </Card>
  );
}

/** A field holding a moment (`Time`: a dash when there is none). */
export function TimeField({ label, seconds }: { label: ReactNode; seconds: number | null | undefined }) {
  return (
    <Field label={label}>
      <Time seconds={seconds} />
    </Field>
  );
}

/** A value the record does not have (yet): a muted dash, or the text given. */
export function Missing({ children = "—" }: { children?: ReactNode }) {
  return <span className="muted">{children}</span>;
}

/** A link to a transaction's page, named by its id. */
export function TxLink({ id }: { id: string }) {
  return (
    <Link href={`/transactions/${id}`} className="mono">
      {id}
    </Link>
  );
}

/** The network's name, marked when it runs on the local chain here. */
export function NetworkName({ network }: { network: NetworkLabel }) {
  return (
    <>
      {network.name}
      {network.local ? <span className="muted"> (local chain)</span> : null}
    </>
  );
}

/** A record's subtitle: what it is, on which network ("ERC-4626 vault on Sepolia (local chain)"). */
export const onNetwork = (what: string, network: NetworkLabel) => `${what} on ${network.name}${network.local ? " (local chain)" : ""}`;

/** A record's title: its name, then its symbol muted. */
export function NameAndSymbol({ name, symbol }: { name: ReactNode; symbol: ReactNode }) {
  return (
    <>
      {name} <span className="muted">{symbol}</span>
    </>
  );
}

/** The contract a record deployed, linked to the explorer; until it is deployed, says when it will be there. */
export function DeployedAddress({ network, address }: { network: string; address: string | null }) {
  return address ? <Hex value={address} href={explorerUrl(network, "address", address)} copy full /> : <Missing>Assigned once deployed</Missing>;
}

/** An ERC-20 a record holds: its console page when it is the tenant's token, and its address on the explorer. */
export function TokenRef({ network, token, address, name }: { network: string; token: string | null; address: string; name: ReactNode }) {
  return (
    <>
      {token ? (
        <Link href={`/tokens/${token}`} className="mono">
          {name}
        </Link>
      ) : null}{" "}
      <Hex value={address} href={explorerUrl(network, "address", address)} copy />
    </>
  );
}

/** The alert of a record whose deployment (or other step) failed, with the reason recorded. */
export function FailedNotice({ title = "The deployment failed.", reason, children }: { title?: ReactNode; reason: string | null | undefined; children?: ReactNode }) {
  return (
    <Notice tone="danger" role="alert">
      <strong>{title}</strong> {reason ?? "No reason was recorded."}
      {children ? <> {children}</> : null}
    </Notice>
  );
}
