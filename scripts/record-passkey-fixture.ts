/**
 * Records what a real browser's passkey answers look like (issue 61): Debian's Chromium, its
 * virtual authenticator (the one the journeys use), on http://localhost (a secure context), makes
 * a passkey and signs two challenges: once verifying the user, once with an authenticator that
 * cannot. The answers are written as they left the browser to lib/auth/fixtures/chromium-passkey.json,
 * which lib/auth/webauthn-browser.test.ts verifies with the console's verifier. Re-record with
 *   npx tsx scripts/record-passkey-fixture.ts
 */
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";

const b64 = (bytes: Buffer) => bytes.toString("base64url");
const challenges = {
  create: b64(Buffer.alloc(32, 1)),
  get: b64(Buffer.alloc(32, 2)),
  getNoUv: b64(Buffer.alloc(32, 3)),
};

const server = createServer((_req, res) =>
  res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>rp</title>"),
);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  await page.goto(origin);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const add = (hasUserVerification: boolean) =>
    cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification,
        isUserVerified: hasUserVerification,
        automaticPresenceSimulation: true,
      },
    });
  const { authenticatorId } = await add(true);
  const ceremony = (script: string, arg: unknown) => page.evaluate(script, arg);
  const fromB64 = `const d = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
    const e = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");`;
  const registration = await ceremony(
    `(async (a) => { ${fromB64}
      const c = await navigator.credentials.create({ publicKey: {
        challenge: d(a.challenge), rp: { id: "localhost", name: "Settlement Console" },
        user: { id: d("dXNlci0x"), name: "finance@example.com", displayName: "Finance" },
        pubKeyCredParams: [{ type: "public-key", alg: -7 }, { type: "public-key", alg: -8 }, { type: "public-key", alg: -257 }],
        authenticatorSelection: { residentKey: "preferred", userVerification: "required" }, attestation: "none" } });
      return { id: c.id, clientDataJSON: e(c.response.clientDataJSON), attestationObject: e(c.response.attestationObject),
               transports: c.response.getTransports() };
    })(${JSON.stringify({ challenge: challenges.create })})`,
    null,
  );
  const assert = (challenge: string, id: string) =>
    ceremony(
      `(async (a) => { ${fromB64}
        const c = await navigator.credentials.get({ publicKey: { challenge: d(a.challenge), rpId: "localhost",
          allowCredentials: [{ type: "public-key", id: d(a.id) }], userVerification: "preferred" } });
        return { id: c.id, clientDataJSON: e(c.response.clientDataJSON), authenticatorData: e(c.response.authenticatorData),
                 signature: e(c.response.signature), userHandle: c.response.userHandle ? e(c.response.userHandle) : undefined };
      })(${JSON.stringify({ challenge, id })})`,
      null,
    );
  const { id } = registration as { id: string };
  const assertion = await assert(challenges.get, id);
  // The same credential on an authenticator that cannot verify the user: UV comes back unset.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  const second = await add(false);
  for (const credential of credentials)
    await cdp.send("WebAuthn.addCredential", {
      authenticatorId: second.authenticatorId,
      credential: credential as never,
    });
  const withoutUv = await assert(challenges.getNoUv, id);
  const fixture = {
    recorded: new Date().toISOString().slice(0, 10),
    browser: browser.version(),
    origin,
    rpId: "localhost",
    challenges,
    registration,
    assertion,
    assertionWithoutUserVerification: withoutUv,
  };
  writeFileSync(
    new URL("../lib/auth/fixtures/chromium-passkey.json", import.meta.url),
    `${JSON.stringify(fixture, null, 2)}\n`,
  );
  console.log(`recorded with Chromium ${browser.version()} at ${origin}`);
} finally {
  await browser.close();
  server.close();
}
