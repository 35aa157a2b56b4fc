"use server";

import { priceSettlementRequest } from "@/lib/settlement-api/price-settlement-request";
import { settlementRequestCreateSchema } from "@/lib/schemas/settlement-request";
import { readAction } from "@/lib/actions/action";

/**
 * What a settlement request body will do, before it is sent (the production confirmation,
 * issue 35): the body resolved as the service resolves it (the default source of its type), then
 * priced by the service's own quote (GET /v0/rates, the arithmetic that creates the request's
 * instructions): who pays what in which currency and rail, what the recipient gets, the fee.
 */
export const previewSettlementRequest = readAction({
  name: "previewSettlementRequest",
  permission: "settlement:create",
  input: settlementRequestCreateSchema,
  run: (body, { environment }) => priceSettlementRequest(environment, body),
});
