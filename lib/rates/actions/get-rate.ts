"use server";

import { rateQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/rates: an indicative quote; amounts go out as decimal strings. */
export const getRate = readAction({
  name: "getRate",
  permission: "rates:quote",
  input: rateQuerySchema,
  run: (query, { environment }) => api.getRate(environment, query),
});
