/** The expected-settlement form's resolver, loaded on its first validation (lazyResolver), with zod, not with the page. */
import { zodResolver } from "@hookform/resolvers/zod";
import { expectedInputSchema } from "@/lib/reconciliation/expected-input";

export const expectedResolver = zodResolver(expectedInputSchema);
