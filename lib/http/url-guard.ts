import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
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

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tail and zone id allowed). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split("%")[0].toLowerCase();
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const b = dotted[2].split(".").map(Number);
    if (b.some((x) => x > 255)) return null;
    text = `${dotted[1]}${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) =>
    part === "" ? [] : part.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  if ([...head, ...tail].some(Number.isNaN)) return null;
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 0 : fill !== 0) return null;
  return [...head, ...Array<number>(halves.length === 2 ? fill : 0).fill(0), ...tail];
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address carries: mapped, compatible, NAT64 (64:ff9b::/96), 6to4. */
function embeddedIpv4(g: number[]): string | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4From(g[6], g[7]); // ::ffff:a.b.c.d
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4From(g[6], g[7]); // ::ffff:0:a.b.c.d (SIIT)
  if (zero(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4From(g[6], g[7]); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4From(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return v4From(g[1], g[2]); // 6to4
  return null;
}

/** True for any address a production webhook may not reach. Unparseable input counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address.split("%")[0]);
  if (family === 4) return v4.check(address, "ipv4");
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const inner = embeddedIpv4(groups);
  if (inner !== null && v4.check(inner, "ipv4")) return true;
  const normal = groups.map((x) => x.toString(16)).join(":");
  return v6.check(normal, "ipv6");
}

/** True for 127.0.0.0/8 and ::1, also inside an IPv6 form that embeds an IPv4 address. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address.split("%")[0]);
  if (family === 4) return address.startsWith("127.");
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const inner = embeddedIpv4(groups);
  if (inner !== null) return inner.startsWith("127.");
  return groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
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
  const family = isIP(address.split("%")[0]);
  if (family === 4) return address.startsWith("0.");
  const groups = family === 6 ? ipv6Groups(address) : null;
  return groups?.every((g) => g === 0) === true;
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
