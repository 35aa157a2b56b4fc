/**
 * A fuzzer over the published OpenAPI document: for every operation, schema-valid requests and
 * mutated ones, each answer checked for a status under 500 and against its documented response
 * schema (Ajv). Seeded, so any failure replays with its seed, operation and index.
 */
import Ajv, { type ValidateFunction } from "ajv";
import fc from "fast-check";
import type { TestService } from "../testing/harness";
import { BODIES } from "../testing/settlement-fixtures";
import { mutate, arbitraryOf, type Doc, type Schema } from "./arbitraries";

type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: { "application/json"?: { schema: Schema } } };
  responses: Record<string, { content?: { "application/json"?: { schema: Schema } } }>;
};

export interface FuzzRequest {
  method: string;
  url: string;
  body?: string;
}
export interface FuzzFailure {
  operation: string;
  kind: "valid" | "mutated";
  mutation?: string;
  seed: number;
  index: number;
  request: FuzzRequest;
  status: number;
  problem: string;
}
export interface FuzzReport {
  requests: number;
  /** How many answers of each status came back. */
  statuses: Record<string, number>;
  perOperation: Record<string, { valid: number; mutated: number }>;
  failures: FuzzFailure[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** OpenAPI 3.0's `nullable` as JSON Schema (Ajv takes it only beside a `type`), and $refs made absolute. */
export function jsonSchemaOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchemaOf);
  if (!value || typeof value !== "object") return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest))
    out[k] =
      k === "$ref" && typeof v === "string" ? v.replace("#/components/", "doc.json#/components/") : jsonSchemaOf(v);
  if (nullable !== true) return out;
  return { anyOf: [out, { type: "null" }] };
}

/** The document's schemas registered once in Ajv; response schemas compiled on first use. */
function validatorFor(doc: Doc) {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ $id: "doc.json", components: jsonSchemaOf(doc.components) });
  const cache = new Map<string, ValidateFunction>();
  return (key: string, schema: Schema): ValidateFunction => {
    let v = cache.get(key);
    if (!v) {
      v = ajv.compile(jsonSchemaOf(schema) as Schema);
      cache.set(key, v);
    }
    return v;
  };
}

/** Real ids for path parameters half of the time, so requests reach past the 404. */
async function fixtureIds(s: TestService): Promise<string[]> {
  const created = await s.request("POST", "/v0/settlement-requests", { body: BODIES.s2s });
  const r = (await created.json()) as { id: string; inbound_payment: { id: string }; outbound_payment: { id: string } };
  const hook = (await (
    await s.request("POST", "/v0/webhooks", { body: { url: "http://127.0.0.1:9/h", events: ["payment.created"] } })
  ).json()) as { id: string };
  return [r.id, r.inbound_payment.id, r.outbound_payment.id, hook.id];
}

function requestOf(
  path: string,
  method: string,
  params: Record<string, unknown>,
  op: Operation,
  body: unknown,
  hasBody: boolean,
): FuzzRequest {
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const v = params[p.name];
    if (v === undefined) continue;
    const text = typeof v === "string" ? v : JSON.stringify(v);
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(text || "x"));
    if (p.in === "query") query.set(p.name, text);
  }
  url = url.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
  const qs = query.toString();
  return {
    method: method.toUpperCase(),
    url: qs ? `${url}?${qs}` : url,
    ...(hasBody ? { body: body === undefined ? "" : JSON.stringify(body) } : {}),
  };
}

async function send(s: TestService, req: FuzzRequest): Promise<{ status: number; text: string }> {
  const res = await s.app.request(req.url, {
    method: req.method,
    headers: { "X-Api-Key": s.keys.sandbox, ...(req.body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: req.body,
  });
  return { status: res.status, text: await res.text() };
}

/** Runs `valid` schema-valid and `mutated` mutated requests per operation. */
export async function fuzzService(
  s: TestService,
  o: { seed: number; valid: number; mutated: number; only?: RegExp },
): Promise<FuzzReport> {
  const doc = (await (await s.app.request("/v0/openapi.json")).json()) as Doc & {
    paths: Record<string, Record<string, Operation>>;
  };
  const validate = validatorFor(doc);
  const ids = await fixtureIds(s);
  const report: FuzzReport = { requests: 0, statuses: {}, perOperation: {}, failures: [] };

  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (o.only && !o.only.test(name)) continue;
      const params = op.parameters ?? [];
      const paramArb = fc.record(
        Object.fromEntries(
          params.map((p) => [
            p.name,
            p.in === "path"
              ? fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.string({ maxLength: 12 }))
              : arbitraryOf(doc, p.schema),
          ]),
        ),
        { requiredKeys: params.filter((p) => p.required || p.in === "path").map((p) => p.name) },
      );
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      const bodyArb = bodySchema ? arbitraryOf(doc, bodySchema) : fc.constant(undefined);
      const valid = fc.sample(fc.tuple(paramArb, bodyArb), { seed: o.seed, numRuns: o.valid });
      const tally = (report.perOperation[name] = { valid: 0, mutated: 0 });

      const check = async (kind: "valid" | "mutated", index: number, req: FuzzRequest, mutation?: string) => {
        report.requests++;
        tally[kind]++;
        const { status, text } = await send(s, req);
        report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        const fail = (problem: string) =>
          report.failures.push({ operation: name, kind, mutation, seed: o.seed, index, request: req, status, problem });
        if (status >= 500) return fail(`answered ${status}: ${text.slice(0, 300)}`);
        const documented = op.responses[String(status)] ?? op.responses.default;
        if (!documented) return fail(`status ${status} is not documented: ${text.slice(0, 200)}`);
        const schema = documented.content?.["application/json"]?.schema;
        if (!schema) return;
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return fail(`body is not JSON: ${text.slice(0, 200)}`);
        }
        const v = validate(`${name} ${status}`, schema);
        if (!v(body))
          return fail(`body does not match the documented ${status} schema: ${JSON.stringify(v.errors?.slice(0, 2))}`);
      };

      for (const [i, [p, body]] of valid.entries())
        await check("valid", i, requestOf(path, method, p, op, body, Boolean(bodySchema)));
      for (let i = 0; i < o.mutated; i++) {
        const [p, body] = valid[i % valid.length];
        const target = bodySchema ? body : p;
        const [m] = fc.sample(mutate(target), { seed: o.seed + i + 1, numRuns: 1 });
        const req = bodySchema
          ? requestOf(path, method, p, op, m.value, true)
          : requestOf(
              path,
              method,
              (m.value && typeof m.value === "object" ? m.value : {}) as Record<string, unknown>,
              op,
              undefined,
              false,
            );
        await check("mutated", i, req, m.mutation);
      }
    }
  }
  return report;
}
