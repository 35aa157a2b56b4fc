import type { NextConfig } from "next";
import { BASE_SECURITY_HEADERS, HSTS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its wasm and data files by URL: it must stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  // Every response (pages, the API, static files): nosniff, the referrer rule, no framing; HSTS
  // when the console's own server says it came over https. Pages add their CSP in proxy.ts.
  // Browsers still ask for /favicon.ico now and then (after a history change): the same icon.
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/favicon.svg" }];
  },
  // The /v1 payments pages were under /legacy until 27 Nov 2026 (issue 34: one word): old links still land.
  async redirects() {
    return [{ source: "/legacy/:path*", destination: "/v1-payments/:path*", permanent: true }];
  },
  async headers() {
    return [
      { source: "/:path*", headers: [...BASE_SECURITY_HEADERS] },
      { source: "/:path*", has: [{ type: "header", key: "x-console-proto", value: "https" }], headers: [HSTS] },
    ];
  },
};

export default nextConfig;
