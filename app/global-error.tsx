"use client";

import { useEffect } from "react";
import { useDatabaseWatch } from "@/components/ops/use-database-watch";

/**
 * Replaces the root layout when it fails; our CSS may not be loaded, so styles are inline. When
 * the database is away (issue 49) it says so and retries by itself once it answers again.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const database = useDatabaseWatch(() => retry());
  const away = database === "unreachable";
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <html lang="en">
      <body
        style={{
          margin: 0,
          fontFamily: "ui-sans-serif, system-ui, sans-serif",
          background: "#f8fafc",
          color: "#0f172a",
        }}
      >
        <title>Something went wrong · Settlement Console</title>
        <main style={{ minHeight: "100dvh", display: "grid", placeItems: "center", padding: 24 }}>
          <div
            role="alert"
            data-testid={away ? "database-unreachable" : undefined}
            style={{ maxWidth: 420, textAlign: "center" }}
          >
            <h1 style={{ fontSize: 20, fontWeight: 600, margin: 0 }}>
              {away ? "The database is unreachable, retrying" : "The console could not start"}
            </h1>
            <p style={{ fontSize: 14, color: "#475569", marginTop: 8 }}>
              {away
                ? "The console cannot reach its database right now. Nothing was half-saved. This page checks every few seconds and comes back by itself."
                : "Something went wrong while loading the page. Nothing was submitted; try again."}
            </p>
            <button
              type="button"
              onClick={() => retry()}
              style={{
                marginTop: 20,
                padding: "8px 14px",
                borderRadius: 8,
                border: "none",
                background: "#4f46e5",
                color: "#fff",
                fontSize: 14,
                fontWeight: 500,
                cursor: "pointer",
              }}
            >
              Try again
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
