import type { HTMLAttributes } from "react";

/**
 * A block of code or JSON that may scroll: it takes focus, so a keyboard can scroll it (axe
 * scrollable-region-focusable; issue 35, finding 24).
 */
export function CodeBlock(props: HTMLAttributes<HTMLPreElement> & { "data-testid"?: string }) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
  return <pre tabIndex={0} {...props} />;
}
