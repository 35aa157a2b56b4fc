"use client";

import dynamic from "next/dynamic";

/** The QR encoder loads after the page; until then a blank square holds the code's place. */
export const LazyQrCode = dynamic(() => import("./qr-code").then((m) => m.QrCode), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="size-44 rounded-lg border border-slate-200 bg-white" />,
});
