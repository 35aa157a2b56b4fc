import type { Environment } from "@/lib/schemas/catalog";

/** Whose data a query may see: the caller's account in the caller's environment (a Caller is one). */
export interface Scope {
  accountId: string;
  environment: Environment;
}
