"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import type { ConfirmProductionProps } from "./confirm-production-dialog";

/** The production confirmation and what it restates load when a production submit asks for it. */
const Dialog = dynamic(() => import("./confirm-production-dialog").then((m) => m.ConfirmProductionDialog), {
  ssr: false,
}) as <T>(props: ConfirmProductionProps<T>) => ReactNode;

export function LazyConfirmProductionDialog<T>(props: ConfirmProductionProps<T>) {
  return props.pending === null ? null : <Dialog {...props} />;
}
