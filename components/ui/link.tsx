import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The console's link: Next's Link without prefetching (decision D16.6). Every console page is
 * dynamic, so a prefetch renders the target on the server (layout, session lookup, data); a list
 * of twenty requests would start twenty renders on every view, competing with the page the person
 * is on. A click navigates in place as before and shows the target's loading state.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
