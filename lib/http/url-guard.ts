import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import type { Environment } from "@/lib/schemas/catalog";

/**
 * Where webhooks may go (decision D9.2). Production endpoints: https, and every address the
 * host resolves to must be public (no loopback, private, link-local, CGNAT, multicast, reserved;
 * IPv6 forms that embed an IPv4 address are judged by that address). Sandbox endpoints may also
 * target loopback (local receivers); private, link-local and special-use ranges only when
 * SANDBOX_WEBHOOK_ALLOW_PRIVATE=true. The check runs at create/PATCH and again at connect time
 * (guardedLookupFor), so a name that later resolves elsewhere (DNS rebinding) is still refused.
 */

const v4 = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  v4.addSubnet(net, bits, "ipv4");
}

const v6 = new BlockList();
for (const [net, bits] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  v6.addSubnet(net, bits, "ipv6");
}

/**
 * An address as ipaddr.js reads it (zone id dropped), and the IPv4 address an IPv6 one carries:
 * mapped and translated (::ffff:a.b.c.d, ::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::/96, the last 32 bits) and 6to4 (2002:AABB:CCDD::). ipaddr.js names the special ranges
 * (issue 58: Teredo 2001::/32 and local-use NAT64 64:ff9b:1::/48 were missed by hand-written
 * group parsing); an IPv6 address is only reachable when it is plain `unicast` and any IPv4
 * address it embeds is too.
 */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const plain = address.split("%")[0] ?? "";
  // node's strict reading first: ipaddr.js also takes legacy forms ("1.2.3", "0x7f.1").
  return isIP(plain) !== 0 ? ipaddr.parse(plain) : null;
}

function embeddedIpv4(ip: ipaddr.IPv6): string | null {
  const b = ip.toByteArray();
  const v4 = (at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
  const range = ip.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return v4(12);
  if (range === "6to4") return v4(2);
  if (range === "rfc6052" && b.slice(4, 12).every((x) => x === 0)) return v4(12); // 64:ff9b::/96, not the local-use /48
  if (b.slice(0, 12).every((x) => x === 0) && (b[12] !== 0 || b[13] !== 0 || b[14] !== 0 || (b[15] ?? 0) > 1))
    return v4(12); // ::a.b.c.d (deprecated IPv4-compatible)
  return null;
}

/** True for any address a production webhook may not reach. Unparseable input counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const ip = parsed(address);
  if (!ip) return true;
  if (ip.kind() === "ipv4") return ip.range() !== "unicast" || v4.check(ip.toString(), "ipv4");
  const inner = embeddedIpv4(ip as ipaddr.IPv6);
  if (inner !== null) return isBlockedAddress(inner);
  // Teredo, local-use NAT64, discard, documentation, ORCHID, …: none is a receiver's address.
  return ip.range() !== "unicast" || v6.check(ip.toNormalizedString(), "ipv6");
}

/** True for 127.0.0.0/8 and ::1, also inside an IPv6 form that embeds an IPv4 address. */
export function isLoopbackAddress(address: string): boolean {
  const ip = parsed(address);
  if (!ip) return false;
  if (ip.kind() === "ipv4") return ip.range() === "loopback";
  const inner = embeddedIpv4(ip as ipaddr.IPv6);
  return inner !== null ? isLoopbackAddress(inner) : ip.range() === "loopback";
}

/**
 * Which addresses an endpoint may reach: production public only (https); sandbox adds loopback
 * (a local console's receivers), or anything. A hosted console's sandbox (`sandbox-public`)
 * reaches public addresses only, over http or https: its loopback is the host's own services.
 */
export type TargetPolicy = "public" | "sandbox-public" | "public-or-loopback" | "private-not-loopback" | "any";

export function targetPolicy(
  environment: Environment,
  sandboxAllowPrivate = false,
  sandboxAllowLoopback = true,
): TargetPolicy {
  if (environment === "production") return "public";
  // Each switch on its own (issue 42): allowing private ranges never re-opens loopback on a
  // console that closed it (the host's own services, and their answers, stay out of reach).
  if (sandboxAllowPrivate) return sandboxAllowLoopback ? "any" : "private-not-loopback";
  return sandboxAllowLoopback ? "public-or-loopback" : "sandbox-public";
}

/** The policy of an environment's endpoints under a service's configuration. */
export function endpointPolicy(
  environment: Environment,
  config: { sandboxWebhookAllowPrivate?: boolean; sandboxWebhookAllowLoopback?: boolean },
): TargetPolicy {
  return targetPolicy(environment, config.sandboxWebhookAllowPrivate, config.sandboxWebhookAllowLoopback ?? true);
}

export function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (policy === "any" || !isBlockedAddress(address)) return true;
  if (policy === "private-not-loopback") return !isLoopbackAddress(address) && !isUnspecifiedAddress(address);
  return policy === "public-or-loopback" && isLoopbackAddress(address);
}

/** 0.0.0.0/8 and ::, which a connect turns into this host (loopback by another name). */
function isUnspecifiedAddress(address: string): boolean {
  const ip = parsed(address);
  if (!ip) return false;
  if (ip.kind() === "ipv4") return address.startsWith("0.");
  const inner = embeddedIpv4(ip as ipaddr.IPv6);
  return inner !== null ? inner.startsWith("0.") : ip.range() === "unspecified";
}

function refusalOf(host: string, address: string, policy: TargetPolicy): string {
  const where = host === address ? host : `${host}: it resolves to ${address}`;
  if (policy === "public") return `Production webhook endpoints may not target ${where} (loopback or private address)`;
  if (policy === "sandbox-public")
    return `Sandbox webhook endpoints of a hosted console may not target ${where} (loopback or private address)`;
  if (policy === "private-not-loopback")
    return `Sandbox webhook endpoints of this console may not target ${where} (loopback: the console's own host)`;
  return `Sandbox webhook endpoints may target public and loopback addresses, not ${where} (private, link-local or special-use)`;
}

export type Resolver = (hostname: string) => Promise<string[]>;

const DNS_TIMEOUT_MS = 3_000;

/** Every address of a host name (A and AAAA), through the system resolver. */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`DNS lookup of ${hostname} timed out`), { code: "ETIMEOUT" })),
      DNS_TIMEOUT_MS,
    );
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });

/** The host of a URL as a bare name or address ("[::1]" → "::1"). */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

const NOT_FOUND_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "ENODATA", "ETIMEOUT", "ESERVFAIL"]);

/**
 * Why a URL may not be a webhook endpoint in this environment, or null when it may. A host
 * that does not resolve at all is accepted: it reaches nothing now, and every delivery checks
 * the addresses again when it connects.
 */
export async function webhookUrlProblem(
  raw: string,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Must be an http or https URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Must be an http or https URL";
  if (url.username || url.password) return "Must not carry credentials";
  if (policy === "any") return null;
  if (policy === "public" && url.protocol !== "https:") return "Production webhook endpoints must use https";
  const host = urlHost(url);
  if (isIP(host)) return addressAllowed(host, policy) ? null : refusalOf(host, host, policy);
  if (host === "localhost" || host.endsWith(".localhost")) {
    if (policy === "public") return `Production webhook endpoints may not target ${host}`;
    return policy === "sandbox-public" || policy === "private-not-loopback"
      ? `Sandbox webhook endpoints of a hosted console may not target ${host} (loopback)`
      : null;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && NOT_FOUND_CODES.has(code)) return null;
    throw error;
  }
  const blocked = addresses.find((a) => !addressAllowed(a, policy));
  return blocked ? refusalOf(host, blocked, policy) : null;
}

/**
 * A `lookup` for node:http(s) that refuses addresses the policy does not allow: the connection
 * goes to an address that was checked, so a name cannot resolve to a public address at create
 * time and a private one when we connect.
 */
export const guardedLookupFor =
  (policy: TargetPolicy): LookupFunction =>
  (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : (options.family ?? 0);
    dnsLookup(hostname, { all: true, verbatim: true, family }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "");
      const blocked = addresses.find((a) => !addressAllowed(a.address, policy));
      if (blocked || addresses.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(
          `refused: ${hostname} resolves to ${blocked?.address ?? "nothing"} (not allowed for this endpoint)`,
        );
        refused.code = "EBLOCKEDADDRESS";
        return callback(refused, "");
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
