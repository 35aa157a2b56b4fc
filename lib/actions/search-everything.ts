"use server";

import { searchQuerySchema } from "@/lib/schemas/search";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v0/search: the console's search box (⌘K) and the lists' "did you mean". */
export const searchEverything = action({
  name: "searchEverything",
  permission: "read",
  kind: "read",
  input: searchQuerySchema,
  run: ({ q }, { environment }) => api.search(environment, q),
});
