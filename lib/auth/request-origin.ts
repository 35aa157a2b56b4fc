import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { clientAddress, requestIsHttps, trustedHops, trustedProxyAddresses } from "@/lib/http/client-address";

/** Set by scripts/serve.mjs: its peer and protocol headers are then the server's word, not a client's. */
const underConsoleServer = () => (globalThis as { __consoleServer?: boolean }).__consoleServer === true;

/** The address of the person behind this request, or null when it cannot be known. */
export async function requestAddress(): Promise<string | null> {
  const e = env();
  return clientAddress(
    await headers(),
    trustedHops(e.TRUSTED_PROXY),
    underConsoleServer(),
    trustedProxyAddresses(e.TRUSTED_PROXY_ADDRESSES),
  );
}

/** Whether this request reached the console over https (its session cookie is then Secure). */
export async function isHttpsRequest(source?: Headers): Promise<boolean> {
  const e = env();
  return requestIsHttps(source ?? (await headers()), {
    authUrl: e.AUTH_URL,
    hops: trustedHops(e.TRUSTED_PROXY),
    peerKnown: underConsoleServer(),
  });
}

/**
 * The console as a WebAuthn relying party for this request (issue 43): AUTH_URL's origin when
 * set, else the origin the request reached; its host name is the passkeys' rp id.
 */
export async function requestRelyingParty(): Promise<{
  origin: string;
  rpId: string;
  name: string;
  extraOrigins: string[];
}> {
  const e = env();
  const incoming = await headers();
  const origin = e.AUTH_URL
    ? new URL(e.AUTH_URL).origin
    : `${(await isHttpsRequest(incoming)) ? "https" : "http"}://${incoming.get("host") ?? `localhost:${e.PORT}`}`;
  return {
    origin,
    rpId: new URL(origin).hostname,
    name: "Settlement Console",
    extraOrigins: e.PASSKEY_EXTRA_ORIGINS.map((o) => new URL(o).origin),
  };
}
