import { answerReadable } from "@/lib/webhooks/send";
import { describe, expect, it } from "vitest";
import { endpointPolicy, isBlockedAddress, webhookUrlProblem, targetPolicy, type Resolver } from "./url-guard";

const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "0:0:0:0:0:ffff:c0a8:0101",
    "::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    "2002:c0a8:101::",
    "not-an-ip",
    "1.2.3",
    // Issue 58: ranges the hand-written parser missed, named by ipaddr.js.
    "2001::1", // Teredo
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo (a relay-encoded client)
    "2001:0:7f00:1::", // Teredo with 127.0.0.1 as its server
    "64:ff9b:1::7f00:1", // local-use NAT64 embedding 127.0.0.1
    "64:ff9b:1::a9fe:a9fe", // local-use NAT64 embedding 169.254.169.254
    "100::1", // discard
    "2001:db8::1", // documentation
  ])("blocks %s", (address) => expect(isBlockedAddress(address)).toBe(true));

  it("agrees with ipaddr.js on every special range it names, for a sample of each", async () => {
    const { default: ipaddr } = await import("ipaddr.js");
    const samples = ["2001::", "64:ff9b:1::", "fc00::", "fe80::", "ff00::", "100::", "2001:db8::", "2001:20::"];
    for (const s of samples) {
      const ip = ipaddr.parse(s);
      expect(ip.range(), s).not.toBe("unicast");
      expect(isBlockedAddress(s), s).toBe(true);
    }
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows %s", (address) => expect(isBlockedAddress(address)).toBe(false));
});

describe("webhookUrlProblem", () => {
  const dns = resolver({
    "public.example": ["93.184.216.34", "2606:2800:220:1::1"],
    "internal.example": ["10.0.0.7"],
    "mixed.example": ["93.184.216.34", "192.168.1.20"],
    "v6-loopback.example": ["::1"],
    "mapped.example": ["::ffff:127.0.0.1"],
    "metadata.example": ["169.254.169.254"],
  });

  it("production: https to public addresses only, every resolved address checked", async () => {
    expect(await webhookUrlProblem("https://public.example/h", "public", dns)).toBeNull();
    expect(await webhookUrlProblem("http://public.example/h", "public", dns)).toMatch(/https/);
    for (const host of [
      "internal.example",
      "mixed.example",
      "v6-loopback.example",
      "mapped.example",
      "metadata.example",
    ]) {
      expect(await webhookUrlProblem(`https://${host}/h`, "public", dns), host).toMatch(/resolves to/);
    }
    for (const url of [
      "https://localhost/h",
      "https://app.localhost/h",
      "https://127.0.0.1/h",
      "https://[::1]/h",
      "https://0x7f.1/h",
      "https://[::ffff:a00:1]/h",
    ]) {
      expect(await webhookUrlProblem(url, "public", dns), url).not.toBeNull();
    }
  });

  it("a name that does not resolve is accepted (every connection checks again)", async () => {
    expect(await webhookUrlProblem("https://nowhere.example/h", "public", dns)).toBeNull();
  });

  it("sandbox refuses private, link-local and special-use ranges unless SANDBOX_WEBHOOK_ALLOW_PRIVATE", async () => {
    const sandbox = targetPolicy("sandbox");
    expect(sandbox).toBe("public-or-loopback");
    for (const url of [
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.5/h",
      "http://192.168.1.1/h",
      "http://[fe80::1]/h",
      "http://100.64.0.1/h",
      "https://metadata.example/h",
      "https://internal.example/h",
      "https://mixed.example/h",
    ]) {
      expect(await webhookUrlProblem(url, sandbox, dns), url).toMatch(/private, link-local or special-use/);
    }
    for (const url of [
      "http://127.0.0.1:4000/h",
      "http://[::1]:4000/h",
      "https://v6-loopback.example/h",
      "https://mapped.example/h",
      "http://public.example/h",
    ]) {
      expect(await webhookUrlProblem(url, sandbox, dns), url).toBeNull();
    }
    const open = targetPolicy("sandbox", true);
    expect(await webhookUrlProblem("http://169.254.169.254/latest/meta-data", open, dns)).toBeNull();
    expect(targetPolicy("production", true)).toBe("public");
  });

  // finding 7 of the security review: a hosted console's sandbox must not read the host's own services
  it("sandbox webhooks read no loopback service on a hosted console, unless allowed", async () => {
    const hosted = endpointPolicy("sandbox", { sandboxWebhookAllowLoopback: false });
    expect(hosted).toBe("sandbox-public");
    for (const url of [
      "http://127.0.0.1:5432/h",
      "http://[::1]:4000/h",
      "http://localhost:3000/inbox",
      "https://v6-loopback.example/h",
      "https://mapped.example/h",
      "http://10.0.0.5/h",
    ]) {
      expect(await webhookUrlProblem(url, hosted, dns), url).toMatch(/hosted console/);
    }
    expect(await webhookUrlProblem("http://public.example/h", hosted, dns)).toBeNull();
    expect(endpointPolicy("sandbox", { sandboxWebhookAllowLoopback: true })).toBe("public-or-loopback");
    expect(endpointPolicy("sandbox", {})).toBe("public-or-loopback");
    expect(endpointPolicy("production", { sandboxWebhookAllowLoopback: true })).toBe("public");
  });

  it("SANDBOX_WEBHOOK_ALLOW_PRIVATE does not cancel SANDBOX_WEBHOOK_ALLOW_LOOPBACK=false: each switch on its own (issue 42)", async () => {
    const policy = endpointPolicy("sandbox", { sandboxWebhookAllowPrivate: true, sandboxWebhookAllowLoopback: false });
    expect(policy).toBe("private-not-loopback");
    for (const url of [
      "http://127.0.0.1:5432/h",
      "http://127.9.9.9/h",
      "http://[::1]:4000/h",
      "http://0.0.0.0:5432/h",
      "http://localhost:3000/inbox",
      "https://v6-loopback.example/h",
      "https://mapped.example/h",
    ]) {
      expect(await webhookUrlProblem(url, policy, dns), url).not.toBeNull();
    }
    expect(await webhookUrlProblem("http://10.0.0.5/h", policy, dns)).toBeNull();
    expect(await webhookUrlProblem("http://public.example/h", policy, dns)).toBeNull();
    expect(endpointPolicy("sandbox", { sandboxWebhookAllowPrivate: true, sandboxWebhookAllowLoopback: true })).toBe(
      "any",
    );
    expect(endpointPolicy("sandbox", { sandboxWebhookAllowPrivate: true })).toBe("any");
    // and what a private network's service answered is not kept in the deliveries
    for (const peer of ["10.0.0.5", "192.168.1.1", "169.254.169.254", "::ffff:10.1.2.3", "fd00::1"])
      expect(answerReadable(peer), peer).toBe(false);
    for (const peer of ["8.8.8.8", "127.0.0.1", "::1"]) expect(answerReadable(peer), peer).toBe(true);
  });

  it("sandbox may target local receivers; credentials in URLs are refused everywhere", async () => {
    expect(await webhookUrlProblem("http://127.0.0.1:4000/inbox", "public-or-loopback", dns)).toBeNull();
    expect(await webhookUrlProblem("http://localhost:3000/inbox", "public-or-loopback", dns)).toBeNull();
    expect(await webhookUrlProblem("https://user:pw@public.example/h", "public", dns)).toMatch(/credentials/);
    expect(await webhookUrlProblem("ftp://public.example/h", "public-or-loopback", dns)).not.toBeNull();
  });
});
