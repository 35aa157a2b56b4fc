/**
 * The schemas must turn into an OpenAPI 3.0 document through @hono/zod-openapi, as the service
 * publishes it (decisions D1). A smoke test: every schema is used once and generation succeeds.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import * as s from "./index";

const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });

describe("OpenAPI generation", () => {
  it("documents every request and response schema", () => {
    const app = new OpenAPIHono();
    const add = (
      method: "get" | "post" | "put" | "patch",
      path: string,
      request: Parameters<typeof createRoute>[0]["request"],
      response: z.ZodType,
    ) =>
      app.openAPIRegistry.registerPath(
        createRoute({
          method,
          path,
          request,
          responses: {
            200: { description: "ok", ...json(response) },
            400: { description: "error", ...json(s.errorEnvelopeSchema) },
          },
        }),
      );
    add("post", "/v0/settlement-requests", { body: json(s.settlementRequestCreateSchema) }, s.settlementRequestSchema);
    add(
      "get",
      "/v0/settlement-requests",
      { query: s.settlementRequestListQuerySchema },
      s.paginated(s.settlementRequestSchema),
    );
    add(
      "put",
      "/v0/settlement-requests/{id}",
      { body: json(s.settlementRequestUpdateSchema) },
      s.settlementRequestSchema,
    );
    add("get", "/v0/settlement-requests/{id}/history", {}, s.settlementHistorySchema);
    add("get", "/v0/payments", { query: s.paymentListQuerySchema }, s.paginated(s.paymentSchema));
    add("get", "/v0/rates", { query: s.rateQuerySchema }, s.rateResponseSchema);
    add("post", "/v0/disbursements", { body: json(s.disbursementCreateSchema) }, s.disbursementSchema);
    add("post", "/v0/webhooks", { body: json(s.webhookCreateSchema) }, s.webhookSchema);
    add("patch", "/v0/webhooks/{id}", { body: json(s.webhookUpdateSchema) }, s.webhookSchema);
    add("get", "/v0/webhooks/{id}/deliveries", {}, s.paginated(s.webhookDeliverySchema));
    add(
      "post",
      "/v0/sandbox/settlement-requests/{id}/status",
      { body: json(s.sandboxSettlementStatusSchema) },
      s.settlementRequestSchema,
    );
    add("patch", "/v0/sandbox/payments/{id}/status", { body: json(s.sandboxPaymentStatusSchema) }, s.paymentSchema);
    add("get", "/v0/sandbox/info", {}, s.sandboxInfoSchema);
    add("post", "/v1/payments", { body: json(s.v1PaymentCreateSchema) }, s.v1PaymentSchema);
    add("post", "/v1/payments/notifications", { body: json(s.v1NotificationSchema) }, s.v1PaymentSchema);
    add("get", "/v1/payments", { query: s.v1PaymentListQuerySchema }, s.paginated(s.v1PaymentSchema));

    const doc = app.getOpenAPIDocument({ openapi: "3.0.3", info: { title: "test", version: "0" } });
    const schemas = doc.components?.schemas ?? {};
    for (const id of [
      "SettlementRequest",
      "DestinationUSD",
      "DestinationGBP",
      "DestinationUSDC",
      "CryptoSource",
      "Error",
      "Webhook",
      "V1Payment",
    ]) {
      expect(schemas, id).toHaveProperty(id);
    }
    expect(JSON.stringify(doc)).toContain('"x-extension":true');
    const params = doc.paths["/v0/rates"]?.get?.parameters ?? [];
    expect(params.map((p) => ("name" in p ? p.name : ""))).toContain("sourceCountryCode");
  });
});
