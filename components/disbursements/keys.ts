import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";

/** Query keys of the console's disbursements, under the shared factory's hierarchy. */
export const disbursementKeys = {
  all: (env: Environment) => [env, "disbursements"] as const,
  list: (env: Environment, page: number) => [env, "disbursements", "list", { page }] as const,
  detail: queryKeys.disbursements.detail,
};

export const DISBURSEMENTS_PAGE_SIZE = 20;
