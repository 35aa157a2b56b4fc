import "server-only";
import { EVENT_CATALOG } from "@/lib/schemas/catalog";
import { EVENT_TYPES, type EventType } from "@/lib/state-machine/webhooks";
import { VALID_EXAMPLES } from "./openapi-examples";

/**
 * What strict validators (`@redocly/cli lint`, `spectral:oas`) ask of the generated document and
 * zod cannot say (decisions D1.7): a server, global tags, an operationId
 * on every operation, the headers every answer carries, an example per request body, `nullable`
 * only beside a type, and the webhook payload typed per event type.
 */

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  tags?: string[];
  description?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ in?: string; name?: string }>;
  requestBody?: { content?: Record<string, { schema?: { $ref?: string }; example?: unknown; examples?: unknown }> };
  responses?: Record<string, { headers?: Record<string, unknown> }>;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json;
  tags?: unknown;
  servers?: unknown;
  info?: Json;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The names of the operations whose route declares none; any other falls back to operationIdFor. */
const OPERATION_IDS: Record<string, string> = {
  "post /v0/settlement-requests": "createSettlementRequest",
  "get /v0/settlement-requests": "listSettlementRequests",
  "get /v0/settlement-requests/{id}": "getSettlementRequest",
  "put /v0/settlement-requests/{id}": "updateSettlementRequest",
  "get /v0/settlement-requests/{id}/history": "getSettlementRequestHistory",
  "get /v0/payments": "listPayments",
  "get /v0/payments/{id}": "getPayment",
  "get /v0/rates": "getRate",
  "get /v0/sandbox/clock": "getSandboxClock",
  "post /v0/sandbox/clock/advance": "advanceSandboxClock",
  "get /v0/sandbox/info": "getSandboxInfo",
  "patch /v0/sandbox/settlement-requests/{id}/status": "setSandboxSettlementRequestStatus",
  "patch /v0/sandbox/payments/{id}/status": "setSandboxPaymentStatus",
  "post /v0/disbursements": "createDisbursement",
  "get /v0/disbursements": "listDisbursements",
  "get /v0/disbursements/{id}": "getDisbursement",
  "get /v0/balances": "listBalances",
  "post /v1/payments": "createV1Payment",
  "get /v1/payments": "listV1Payments",
  "get /v1/payments/{id}": "getV1Payment",
  "post /v1/payments/notifications": "notifyV1Payment",
  "patch /v1/sandbox/payments/{id}/status": "setV1SandboxPaymentStatus",
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  Balances: "Pre-funded balances per currency and their statements",
  Disbursements: "Payouts from the pre-funded balance to a wallet",
  Events: "Every event sent to webhooks, with its deliveries (extension)",
  Payments: "The inbound and outbound payments of settlement requests and disbursements",
  Rates: "Indicative rates with fees",
  "Request log": "Every keyed request to the API, for 30 days (extension)",
  Sandbox: "Simulated transitions and the sandbox clock (sandbox keys only)",
  Search: "Find any resource by id, external_id or transaction hash (extension)",
  "Settlement requests": "Requests that move value between fiat and stablecoins",
  Summary: "Volumes, fees and times to settle over a period (extension)",
  Webhooks: "Endpoints that receive signed events, and their deliveries",
  "v1 payments": "The earlier /v1 payments surface",
};

/** camelCase from a method and a path: `get /v0/settlement-requests/{id}` → `getSettlementRequest`. */
export function operationIdFor(method: string, path: string): string {
  const segments = path.split("/").filter(Boolean);
  const version = segments[0] === "v1" ? "V1" : "";
  const words = segments.slice(1).filter((s) => !s.startsWith("{"));
  const endsWithId = segments[segments.length - 1]?.startsWith("{") ?? false;
  const verb =
    method === "get"
      ? endsWithId
        ? "get"
        : "list"
      : method === "post"
        ? "create"
        : method === "delete"
          ? "delete"
          : "update";
  const pascal = words
    .flatMap((w) => w.split("-"))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
  return `${verb}${version}${pascal}`;
}

const HEADERS: Json = {
  XRequestId: {
    description: "The caller's X-Request-Id echoed, or one generated for this answer",
    schema: { type: "string", example: "req_01J0Z7Q2K9" },
  },
  RateLimitLimit: {
    description: "Requests allowed per one-minute window for this key",
    schema: { type: "integer", example: 100 },
  },
  RateLimitRemaining: { description: "Requests left in the current window", schema: { type: "integer", example: 99 } },
  RateLimitReset: { description: "Seconds until the window resets", schema: { type: "integer", example: 42 } },
  RetryAfter: { description: "Seconds to wait before trying again", schema: { type: "integer", example: 42 } },
  IdempotentReplayed: {
    description: "`true` when this answer is the stored answer to an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

function responseHeaders(op: Operation, status: string): Record<string, unknown> {
  const headers: Record<string, unknown> = { "X-Request-Id": ref("XRequestId") };
  const keyed = !(Array.isArray(op.security) && op.security.length === 0);
  if (keyed && status !== "401" && status !== "503") {
    headers["RateLimit-Limit"] = ref("RateLimitLimit");
    headers["RateLimit-Remaining"] = ref("RateLimitRemaining");
    headers["RateLimit-Reset"] = ref("RateLimitReset");
  }
  if (status === "429" || status === "503") headers["Retry-After"] = ref("RetryAfter");
  const idempotent = op.parameters?.some((p) => p.in === "header" && p.name?.toLowerCase() === "idempotency-key");
  if (idempotent && /^2/.test(status)) headers["Idempotent-Replayed"] = ref("IdempotentReplayed");
  return headers;
}

/** `nullable` beside no type (zod's `unknown`): dropped, since a schema without a type already admits any value. */
function typedNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typedNullables(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as Json;
  if (
    schema.nullable === true &&
    !("type" in schema) &&
    !schema.$ref &&
    !schema.oneOf &&
    !schema.anyOf &&
    !schema.allOf
  ) {
    delete schema.nullable;
  }
  nullableEnum(schema);
  for (const value of Object.values(schema)) typedNullables(value);
}

/**
 * A nullable enum (failure_code, account_type, a history entry's `from`) as `oneOf` its values or
 * `null`, without `nullable` (issue 45). `{type, nullable: true, enum: [..., null]}` is correct
 * OAS 3.0.3, but Prism's converter adds `null` to the enum again, and the duplicate makes the
 * schema invalid, so Prism silently validates nothing against it; without `null` in the enum,
 * strict 3.0.3 readers would refuse `null`. This form means the same to Prism, Redocly,
 * Spectral, ajv and openapi-typescript.
 */
function nullableEnum(schema: Json): void {
  if (schema.nullable !== true || !Array.isArray(schema.enum) || typeof schema.type !== "string") return;
  const values = (schema.enum as unknown[]).filter((v) => v !== null);
  const branch = { type: schema.type, enum: values };
  delete schema.nullable;
  delete schema.enum;
  delete schema.type;
  schema.oneOf = [branch, { enum: [null] }];
}

/** The event types of one kind of body, from the catalogue (a new type lands in its kind's schema by itself). */
const typesOf = (kind: (typeof EVENT_CATALOG)[EventType]["kind"]): EventType[] =>
  EVENT_TYPES.filter((t) => EVENT_CATALOG[t].kind === kind);

const EVENT_KINDS = [
  {
    name: "SettlementRequestEvent",
    types: typesOf("SettlementRequestEvent"),
    data: { $ref: "#/components/schemas/SettlementRequest" },
    description: "`data` is the settlement request as GET /v0/settlement-requests/{id} returned it at that moment",
  },
  {
    name: "PaymentEvent",
    types: typesOf("PaymentEvent"),
    data: { oneOf: [{ $ref: "#/components/schemas/Payment" }, { $ref: "#/components/schemas/V1Payment" }] },
    description:
      "`data` is the payment as GET /v0/payments/{id} returns it, or a /v1 payment as GET /v1/payments/{id} does",
  },
  {
    name: "BalanceLowEvent",
    types: typesOf("BalanceLowEvent"),
    data: {
      allOf: [
        { $ref: "#/components/schemas/Balance" },
        {
          type: "object",
          properties: {
            account_id: { type: "string" },
            environment: { type: "string", enum: ["sandbox", "production"] },
            threshold: { type: "string", pattern: "^-?\\d+(\\.\\d+)?$", example: "100" },
          },
          required: ["account_id", "environment", "threshold"],
        },
      ],
    },
    description: "`data` is the balance after the change that took `available_balance` below `threshold`",
  },
  {
    name: "WebhookEndpointEvent",
    types: typesOf("WebhookEndpointEvent"),
    data: {
      allOf: [
        { $ref: "#/components/schemas/Webhook" },
        {
          type: "object",
          properties: { health: { $ref: "#/components/schemas/WebhookHealth" } },
          required: ["health"],
        },
      ],
    },
    description:
      "(extension) `data` is the endpoint as GET /v0/webhooks/{id} returns it, with its health: failing since when, its last failure, and why it was turned off",
  },
] satisfies Array<{
  name: (typeof EVENT_CATALOG)[EventType]["kind"];
  types: EventType[];
  data: unknown;
  description: string;
}>;

/** `Event` (the webhook payload and the events list's item) as one schema per kind of event, told apart by `type`. */
function typedEvents(schemas: Json): void {
  const event = schemas.Event as { properties?: Json; required?: string[]; description?: string } | undefined;
  if (!event?.properties) return;
  // The webhook body (issue 45): `deliveries` belongs to the events list's item (EventListItem), not to what a receiver gets.
  const { data: _data, type: _type, deliveries, ...common } = event.properties;
  const mapping: Record<string, string> = {};
  for (const kind of EVENT_KINDS) {
    schemas[kind.name] = {
      type: "object",
      description: kind.description,
      properties: { ...common, type: { type: "string", enum: [...kind.types] }, data: kind.data },
      required: (event.required ?? []).filter((r) => r !== "deliveries"),
      "x-extension": true,
    };
    for (const t of kind.types) mapping[t] = `#/components/schemas/${kind.name}`;
  }
  schemas.Event = {
    description:
      "A webhook delivery's body (`id`, `type`, `created_at`, `data`) and an item of the events list (which adds `deliveries`); `data` depends on `type`",
    oneOf: EVENT_KINDS.map((k) => ({ $ref: `#/components/schemas/${k.name}` })),
    discriminator: { propertyName: "type", mapping },
    "x-extension": true,
  };
  // The events list's item: one schema per event kind with its deliveries, under the same
  // discriminator, so a generated client narrows `item.type` and `item.data` (issue 63: an
  // allOf of Event made openapi-typescript type `type` as the literal "EventListItem").
  const listMapping: Record<string, string> = {};
  for (const kind of EVENT_KINDS) {
    const base = schemas[kind.name] as { properties: Json; required: string[]; description: string };
    schemas[`${kind.name}ListItem`] = {
      type: "object",
      description: `${base.description}, with its deliveries (the events list)`,
      properties: { ...base.properties, deliveries },
      required: [...base.required, "deliveries"],
      "x-extension": true,
    };
    for (const t of kind.types) listMapping[t] = `#/components/schemas/${kind.name}ListItem`;
  }
  schemas.EventListItem = {
    description: "An item of the events list and GET /v0/events/{id}: the webhook body (`Event`) with its deliveries",
    oneOf: EVENT_KINDS.map((k) => ({ $ref: `#/components/schemas/${k.name}ListItem` })),
    discriminator: { propertyName: "type", mapping: listMapping },
    "x-extension": true,
  };
}

/** The events list and GET /v0/events/{id} answer EventListItem: `Event` is the webhook body alone. */
function eventListItems(paths: Record<string, Json>): void {
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith("/v0/events")) continue;
    paths[path] = JSON.parse(
      JSON.stringify(item).replaceAll('"#/components/schemas/Event"', '"#/components/schemas/EventListItem"'),
    );
  }
}

export function strictDocument<T>(input: T): T {
  const doc = input as Document;
  doc.servers = [{ url: "/", description: "The origin that serves this document" }];
  doc.info = {
    ...doc.info,
    license: { name: "Proprietary", url: "https://example.com/license" },
    contact: { name: "Settlement Console", url: "https://example.com/support" },
  };
  const components = (doc.components ??= {});
  components.headers = { ...(components.headers as Json | undefined), ...HEADERS };
  const tags = new Set<string>();
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) op.operationId = OPERATION_IDS[`${method} ${path}`] ?? operationIdFor(method, path);
      if (ids.has(op.operationId)) op.operationId = `${op.operationId}${path.startsWith("/v1") ? "V1" : "V0"}`;
      ids.add(op.operationId);
      for (const tag of op.tags ?? []) tags.add(tag);
      if (!op.description) op.description = op.summary ?? `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        response.headers = { ...responseHeaders(op, status), ...response.headers };
      }
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        const name = media.schema?.$ref?.split("/").pop();
        if (media.example === undefined && media.examples === undefined && name && name in VALID_EXAMPLES) {
          media.example = VALID_EXAMPLES[name as keyof typeof VALID_EXAMPLES];
        }
      }
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  const schemas = (components.schemas ??= {}) as Json;
  typedNullables(doc.paths);
  typedNullables(schemas);
  typedEvents(schemas);
  if (doc.paths) eventListItems(doc.paths as Record<string, Json>);
  return input;
}
