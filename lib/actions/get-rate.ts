"use server";

import { rateQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v0/rates: an indicative quote; amounts go out as decimal strings. */
export const getRate = action({
  name: "getRate",
  permission: "rates:quote",
  kind: "read",
  input: rateQuerySchema,
  run: (query, { environment }) => api.getRate(environment, query),
});
