import "server-only";
import { cache } from "react";
import { makeQueryClient } from "./query-client";

/**
 * One query client per server request, shared by every server component that prefetches in it.
 * Prefetch, then pass `dehydrate(getServerQueryClient())` to a <HydrationBoundary>.
 */
export const getServerQueryClient = cache(makeQueryClient);
