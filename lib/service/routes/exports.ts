import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { disbursementSchema } from "@/lib/schemas/disbursement";
import { EXPORT_MEDIA_TYPE, exportQuerySchema, MAX_EXPORT_DAYS } from "@/lib/schemas/export";
import { paymentSchema } from "@/lib/schemas/payment";
import { settlementRequestSchema } from "@/lib/schemas/settlement-request-response";
import { exportLines, type ExportKind } from "../use-cases/exports";
import { apiKeySecurity, errorResponses, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const ITEMS = {
  "settlement-requests": { schema: settlementRequestSchema, noun: "settlement request", tag: "Settlement requests" },
  payments: { schema: paymentSchema, noun: "payment", tag: "Payments" },
  disbursements: { schema: disbursementSchema, noun: "disbursement", tag: "Disbursements" },
} as const;

function exportRoute(kind: ExportKind) {
  const item = ITEMS[kind];
  return createRoute({
    method: "get",
    path: `/v0/exports/${kind}`,
    tags: [item.tag],
    security: apiKeySecurity,
    summary: `Export every ${item.noun} of a window (extension)`,
    description:
      `Every ${item.noun} created in [created_from, created_to), newest first (created_at desc, then id), one JSON object a ` +
      `line as GET returns it, then the line {"object":"export_end","rows":N}: a stream without it was cut short. ` +
      `The window is at most ${MAX_EXPORT_DAYS} days; the whole export is one call under the rate limit.`,
    "x-extension": true,
    request: { query: exportQuerySchema },
    responses: {
      200: {
        description: `The window's ${item.noun}s, then export_end`,
        content: { [EXPORT_MEDIA_TYPE]: { schema: item.schema } },
      },
      ...errorResponses(400),
    },
  });
}

/** Streams an export; its first page is read before the answer starts, so a database that is away is a 503, not a cut stream. */
function exportHandler(kind: ExportKind) {
  return serviceRoute(exportRoute(kind), async (c) => {
    const lines = exportLines(c.get("deps"), c.get("caller"), kind, c.req.valid("query"));
    const first = await lines.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (first.done) controller.close();
        else controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    return c.body(body, 200, { "Content-Type": EXPORT_MEDIA_TYPE, "Cache-Control": "no-store" }) as never;
  });
}

export const exportRoutes: ServiceRoute[] = [
  exportHandler("settlement-requests"),
  exportHandler("payments"),
  exportHandler("disbursements"),
];
