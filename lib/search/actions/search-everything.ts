"use server";

import { searchQuerySchema } from "@/lib/schemas/search";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/search: the console's search box (⌘K) and the lists' "did you mean". */
export const searchEverything = readAction({
  name: "searchEverything",
  permission: "read",
  input: searchQuerySchema,
  run: ({ q }, { environment }) => api.search(environment, q),
});
