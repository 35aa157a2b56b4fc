import { describe, expect, it } from "vitest";
import {
  clientAddress,
  PEER_HEADER,
  PROTO_HEADER,
  requestIsHttps,
  trustedHops,
  trustedProxyAddresses,
} from "./client-address";

const h = (init: Record<string, string>) => new Headers(init);

describe("clientAddress", () => {
  it("ignores X-Forwarded-For without TRUSTED_PROXY: a client cannot choose its own address", () => {
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6", [PEER_HEADER]: "::ffff:10.0.0.9" }), 0, true)).toBe(
      "10.0.0.9",
    );
  });
  it("trusts the peer header only from the console's own server", () => {
    expect(clientAddress(h({ [PEER_HEADER]: "1.2.3.4" }), 0, false)).toBeNull();
  });
  it("with one trusted proxy takes the address that proxy appended, not the client's claim", () => {
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" }), 1, true)).toBe("203.0.113.7");
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.2" }), 2, true)).toBe("203.0.113.7");
  });
  it("believes X-Forwarded-For only from a configured proxy address, loopback included (issue 42)", () => {
    const trusted = trustedProxyAddresses("10.0.0.0/8, 2001:db8::5");
    const from = (peer: string) => h({ "x-forwarded-for": "6.6.6.6", [PEER_HEADER]: peer });
    expect(clientAddress(from("127.0.0.1"), 1, true, trusted)).toBe("6.6.6.6");
    expect(clientAddress(from("10.1.2.3"), 1, true, trusted)).toBe("6.6.6.6");
    expect(clientAddress(from("2001:db8::5"), 1, true, trusted)).toBe("6.6.6.6");
    // a client that reached the console directly names any address it likes: its own is used
    expect(clientAddress(from("203.0.113.9"), 1, true, trusted)).toBe("203.0.113.9");
    expect(clientAddress(from("::ffff:192.0.2.4"), 1, true, trusted)).toBe("192.0.2.4");
    expect(clientAddress(from("11.0.0.1"), 1, true, trusted)).toBe("11.0.0.1");
  });
  it("with named proxies and no known peer (`next start`), believes no X-Forwarded-For (issue 58)", () => {
    const trusted = trustedProxyAddresses("10.1.1.1");
    const forged = (n: number) => h({ "x-forwarded-for": `198.51.100.${n}` });
    // Eight guesses with eight forged addresses are one client, not eight: the address is unknown.
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map((n) => clientAddress(forged(n), 1, false, trusted)))).toEqual(
      new Set([null]),
    );
    // No proxy named: TRUSTED_PROXY alone still believes the header (the operator's own word).
    expect(clientAddress(forged(1), 1, false)).toBe("198.51.100.1");
  });
  it("reads TRUSTED_PROXY", () => {
    expect([undefined, "false", "0", "true", "2", "x"].map(trustedHops)).toEqual([0, 0, 0, 1, 2, 0]);
  });
});

describe("requestIsHttps (session cookies are Secure whenever it is)", () => {
  it("believes AUTH_URL, a trusted proxy, or the console's own server; never a client's header", () => {
    const plain = { hops: 0, peerKnown: true };
    expect(requestIsHttps(h({}), { ...plain, authUrl: "https://console.example.com" })).toBe(true);
    expect(requestIsHttps(h({ "x-forwarded-proto": "https" }), plain)).toBe(false);
    expect(requestIsHttps(h({ "x-forwarded-proto": "https" }), { hops: 1, peerKnown: true })).toBe(true);
    expect(requestIsHttps(h({ [PROTO_HEADER]: "https" }), plain)).toBe(true);
    expect(requestIsHttps(h({ [PROTO_HEADER]: "https" }), { hops: 0, peerKnown: false })).toBe(false);
  });
});
