import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its wasm and data files by URL: it must stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  allowedDevOrigins: ["127.0.0.1", "localhost"],
};

export default nextConfig;
