// Where webhooks may be sent: public unicast addresses only. Loopback is allowed only when the operator
// opts in with WEBHOOK_ALLOW_LOOPBACK=1 (`npm run dev` and the tests do, for a local receiver); private,
// link-local, CGNAT, unique-local, unspecified, multicast, broadcast and reserved addresses never are.
// Checked on the address a connection really goes to (guardedLookup, at every delivery) so that a DNS
// name resolving to an internal address, now or after the endpoint was created, is refused too.
import dns from "node:dns";
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export type AddressKind = "public" | "loopback" | "private";

/** IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48). */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === "ipv4Mapped") return address.toIPv4Address();
  if (range === "rfc6052" && bytes[4] === 0 && bytes[5] === 0) return new ipaddr.IPv4(bytes.slice(12, 16)); // 64:ff9b::/96
  if (range === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** What an IP address is, in any spelling ipaddr.js reads (127.1, 0x7f.1, 0177.0.0.1, 2130706433, [::ffff:7f00:1]…). */
export function classifyAddress(text: string): AddressKind {
  const host = text.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(host)) return "private"; // not an address we can vouch for
  let address = ipaddr.parse(host);
  if (address.kind() === "ipv6") address = embeddedIpv4(address as ipaddr.IPv6) ?? address;
  const range = address.range();
  if (range === "loopback") return "loopback";
  return range === "unicast" ? "public" : "private";
}

export const loopbackAllowed = () => process.env.WEBHOOK_ALLOW_LOOPBACK === "1";

/** Why a connection to this address is refused, or null when it may go ahead. */
export function refusal(address: string): string | null {
  const kind = classifyAddress(address);
  if (kind === "public" || (kind === "loopback" && loopbackAllowed())) return null;
  return kind === "loopback"
    ? "refused: resolves to a loopback address (allowed only with WEBHOOK_ALLOW_LOOPBACK=1)"
    : "refused: resolves to a private address";
}

type Resolver = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for http(s).request / net.connect: resolves with `resolve` (dns.lookup by default), then
 * refuses the connection if any address the name resolves to is refused.
 */
export function guardedLookup(resolve: Resolver = dns.lookup as Resolver): LookupFunction {
  return (hostname, options: LookupOneOptions | LookupAllOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const refused = addresses.map((a) => refusal(a.address)).find(Boolean);
      if (refused || !addresses.length) {
        const error = new Error(`${refused ?? "refused: resolves to no address"} (${hostname})`) as NodeJS.ErrnoException;
        return callback(error, "", 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
