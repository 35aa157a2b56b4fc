import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/ui/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Settlement Console", template: "%s · Settlement Console" },
  description: "Quote, settle and track fiat ↔ stablecoin settlements.",
  robots: { index: false, follow: false },
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
};

export const viewport: Viewport = { themeColor: "#f8fafc" };

/**
 * Every page renders per request: its scripts carry the nonce of its Content-Security-Policy
 * (proxy.ts), which a page prerendered at build time could not have.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>
        <a
          href="#main"
          className="sr-only z-[100] rounded-md bg-white px-3 py-2 text-sm font-medium text-accent-700 shadow-lg ring-2 ring-accent-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
