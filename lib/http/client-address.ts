/**
 * The address a request came from, for throttles and the audit trail. Forwarded headers are a
 * client's own words unless a proxy we run wrote them: they count only with TRUSTED_PROXY (the
 * number of proxies in front of the console, "true" meaning one). Without it, the peer of the
 * TCP connection, which only the console's own server (scripts/serve.mjs) knows and passes on.
 */

/** The headers scripts/serve.mjs sets, overwriting whatever a client sent: the TCP peer, and "https" or "http". */
export const PEER_HEADER = "x-console-peer";
export const PROTO_HEADER = "x-console-proto";

/** TRUSTED_PROXY as a number of proxy hops: unset, "false" or "0" is none, "true" is one. */
export function trustedHops(value: string | undefined): number {
  if (!value || value === "false") return 0;
  if (value === "true") return 1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/**
 * TRUSTED_PROXY_ADDRESSES: the addresses (IPv4 with an optional /prefix, or exact IPv6) whose
 * forwarded headers are believed; loopback always is (a proxy on the same host). A request whose
 * TCP peer is anything else is judged by that peer, whatever X-Forwarded-For it carries (issue 42:
 * with TRUSTED_PROXY set, a client that reached the console directly could name any address).
 */
export function trustedProxyAddresses(value: string | undefined): ((address: string) => boolean) & { named: boolean } {
  const entries = (value ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const check = (raw: string) => {
    const address = normalize(raw).toLowerCase();
    if (address.startsWith("127.") || address === "::1") return true;
    return entries.some((entry) => {
      const [base = "", bits] = entry.split("/");
      if (bits === undefined || base.includes(":")) return address === base;
      const toInt = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
      if (!/^\d+\.\d+\.\d+\.\d+$/.test(address) || !/^\d+\.\d+\.\d+\.\d+$/.test(base)) return false;
      const prefix = Math.min(32, Math.max(0, Number(bits)));
      const mask = prefix === 0 ? 0 : 2 ** 32 - 2 ** (32 - prefix);
      return (toInt(address) & mask) >>> 0 === (toInt(base) & mask) >>> 0;
    });
  };
  // Whether the operator named its proxies: then a request whose TCP peer is unknown (`next
  // start`) cannot be shown to come through one, and its forwarded headers do not count.
  return Object.assign(check, { named: entries.length > 0 });
}

/**
 * With `hops` trusted proxies, each appending the address it saw to X-Forwarded-For, the
 * client is the hops-th entry from the right (what the outermost trusted proxy saw); anything
 * left of it is the client's own claim. Without trusted proxies, or when the TCP peer is no
 * trusted proxy, the peer. Null: unknown.
 */
export function clientAddress(
  headers: Headers,
  hops: number,
  peerKnown: boolean,
  isTrustedProxy: ((address: string) => boolean) & { named?: boolean } = trustedProxyAddresses(undefined),
): string | null {
  const directPeer = peerKnown ? headers.get(PEER_HEADER) : null;
  // Named proxies and no known peer (issue 58, `next start`): nobody can be shown to be one of them.
  const provable = directPeer !== null || !isTrustedProxy.named;
  if (hops > 0 && provable && !(directPeer && !isTrustedProxy(directPeer))) {
    const forwarded = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const entry = forwarded.length >= hops ? forwarded[forwarded.length - hops] : forwarded[0];
    if (entry) return normalize(entry);
  }
  const peer = peerKnown ? headers.get(PEER_HEADER) : null;
  return peer ? normalize(peer) : null;
}

/** "::ffff:127.0.0.1" and "127.0.0.1" are one address; nothing longer than an address is kept. */
function normalize(address: string): string {
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain.slice(0, 64);
}

/**
 * Whether the browser reached the console over https: AUTH_URL says so, or a trusted proxy's
 * X-Forwarded-Proto, or the console's own server terminated TLS itself.
 */
export function requestIsHttps(
  headers: Headers,
  options: { authUrl?: string; hops: number; peerKnown: boolean },
): boolean {
  if (options.authUrl?.startsWith("https://")) return true;
  if (options.hops > 0) {
    const forwarded = (headers.get("x-forwarded-proto") ?? "").split(",").map((p) => p.trim().toLowerCase());
    if (forwarded[0] === "https") return true;
  }
  return options.peerKnown && headers.get(PROTO_HEADER) === "https";
}
