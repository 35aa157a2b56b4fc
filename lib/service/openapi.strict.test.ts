import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "@/lib/schemas/zod";
import { VALID_EXAMPLES } from "./openapi-examples";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { jsonSchemaOf } from "./fuzz/run-fuzz";
import { call } from "./testing/http";
import { BODIES } from "./testing/settlement-fixtures";
import { withTestService } from "./testing/with-test-service";

const run = promisify(execFile);
const bin = (name: string) => join(process.cwd(), "node_modules", ".bin", name);
// biome-ignore lint/suspicious/noExplicitAny: the document is walked as loose JSON
type Json = Record<string, any>;

/** Every schema object in the document, with where it stands. */
function* schemasIn(node: unknown, at = "#"): Generator<[string, Json]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* schemasIn(v, `${at}/${i}`);
    return;
  }
  if (!node || typeof node !== "object") return;
  const obj = node as Json;
  if ("type" in obj || "nullable" in obj || "pattern" in obj) yield [at, obj];
  for (const [k, v] of Object.entries(obj)) yield* schemasIn(v, `${at}/${k}`);
}

describe("the API document under strict validators (decisions D1.7)", () => {
  const s = withTestService();
  const documentText = async () => (await s.request("GET", "/v0/openapi.json", { key: null })).text();

  it("has a server, unique camelCase operationIds, and the headers every answer carries", async () => {
    const doc = JSON.parse(await documentText());
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    const ids: string[] = [];
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        ids.push(op.operationId);
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          expect(response.headers?.["X-Request-Id"], `${method} ${path} ${status}`).toBeDefined();
          if (status === "429") expect(response.headers["Retry-After"]).toBeDefined();
          if (status === "200" || status === "201")
            expect(response.headers["RateLimit-Remaining"], `${method} ${path}`).toBeDefined();
        }
        for (const media of Object.values<Json>(op.requestBody?.content ?? {}))
          expect(media.example, `${method} ${path}`).toBeDefined();
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/v0/settlement-requests"].post.responses["201"].headers["Idempotent-Replayed"]).toBeDefined();
  });

  it("puts nullable only beside a type, and every example matches its pattern as an ECMA-262 regex", async () => {
    const doc = JSON.parse(await documentText());
    let patterns = 0;
    for (const [at, schema] of schemasIn(doc)) {
      if (schema.nullable)
        expect(schema.type ?? schema.$ref ?? schema.oneOf ?? schema.anyOf ?? schema.allOf, at).toBeDefined();
      if (typeof schema.pattern !== "string") continue;
      patterns++;
      const regex = new RegExp(schema.pattern);
      if (typeof schema.example === "string") expect(schema.example, at).toMatch(regex);
    }
    expect(patterns).toBeGreaterThan(5);
    const masked = doc.components.schemas.DestinationOutput.properties;
    for (const field of ["account_number", "iban", "clabe"])
      expect("••••6789").toMatch(new RegExp(masked[field].pattern));
  });

  it("types the webhook payload per event type", async () => {
    const doc = JSON.parse(await documentText());
    const event = doc.components.schemas.Event;
    expect(event.discriminator.propertyName).toBe("type");
    for (const type of ["settlement_request.updated", "payment.completed", "account.balance.low"]) {
      const target = event.discriminator.mapping[type].split("/").pop();
      expect(doc.components.schemas[target].properties.type.enum).toContain(type);
    }
    expect(doc.components.schemas.SettlementRequestEvent.properties.data).toEqual({
      $ref: "#/components/schemas/SettlementRequest",
    });
  });

  it("gives request bodies examples the service's own schemas accept", () => {
    for (const [name, example] of Object.entries(VALID_EXAMPLES)) {
      const schema = [...(z.globalRegistry as unknown as { _idmap: Map<string, z.ZodType> })._idmap.entries()].find(
        ([id]) => id === name,
      )?.[1];
      expect(schema, name).toBeDefined();
      const parsed = schema!.safeParse(example);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it("passes @redocly/cli lint (recommended) and spectral:oas with no error", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "openapi-"));
    const file = join(dir, "openapi.json");
    writeFileSync(file, await documentText());
    writeFileSync(join(dir, ".spectral.yaml"), 'extends: ["spectral:oas"]\n');
    const redocly = await run(bin("redocly"), ["lint", file, "--format=summary"], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }).catch((e) => e);
    expect(`${redocly.stdout}${redocly.stderr}`).toMatch(/valid/);
    expect(redocly.code ?? 0, `${redocly.stdout}${redocly.stderr}`).toBe(0);
    const spectral = await run(
      bin("spectral"),
      ["lint", file, "-r", join(dir, ".spectral.yaml"), "--fail-severity=error"],
      { cwd: dir },
    ).catch((e) => e);
    expect(spectral.code ?? 0, `${spectral.stdout}${spectral.stderr}`).toBe(0);
  });
});

describe("real answers under a strict validator (Ajv strict, formats on), masked bank fields included", () => {
  const s = withTestService();

  it("validates created, read and listed requests (IBAN, account number), payments and events against the document", async () => {
    const doc = (await (await s.request("GET", "/v0/openapi.json", { key: null })).json()) as Json;
    const ajv = new Ajv({
      strict: true,
      strictTypes: false,
      strictRequired: false,
      allErrors: true,
      discriminator: true,
    });
    addFormats(ajv);
    ajv.addKeyword("example");
    ajv.addKeyword("x-extension");
    ajv.addKeyword("components");
    // Ajv reads a discriminator from each branch's enum; it refuses OpenAPI's `mapping`, which says the same.
    const withoutMappings = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(withoutMappings)
        : node && typeof node === "object"
          ? Object.fromEntries(
              Object.entries(node).map(([k, v]) => [
                k,
                k === "discriminator" ? { propertyName: (v as Json).propertyName } : withoutMappings(v),
              ]),
            )
          : node;
    ajv.addSchema({ $id: "doc.json", components: withoutMappings(jsonSchemaOf(doc.components)) as Json });
    const check = (method: string, path: string, status: string, body: unknown) => {
      const schema = doc.paths[path][method].responses[status].content["application/json"].schema;
      const validate = ajv.compile(withoutMappings(jsonSchemaOf(schema)) as Json);
      expect(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    };
    const created: Json[] = [];
    for (const body of [BODIES.f2f, BODIES.s2f]) {
      const res = await call(s, "POST", "/v0/settlement-requests", body);
      expect(res.status).toBe(201);
      check("post", "/v0/settlement-requests", "201", res.body);
      created.push(res.body);
    }
    expect(JSON.stringify(created)).toContain("••••");
    check(
      "get",
      "/v0/settlement-requests/{id}",
      "200",
      (await call(s, "GET", `/v0/settlement-requests/${String(created[0].id)}`)).body,
    );
    check(
      "get",
      "/v0/settlement-requests",
      "200",
      (await call(s, "GET", "/v0/settlement-requests?include=totals")).body,
    );
    check("get", "/v0/payments", "200", (await call(s, "GET", "/v0/payments")).body);
    check("get", "/v0/events", "200", (await call(s, "GET", "/v0/events")).body);
    check("get", "/v0/summary", "200", (await call(s, "GET", "/v0/summary")).body);
    // A webhook body is {id, type, created_at, data}: it is valid against components.schemas.Event
    // as an integrator validates what they receive (issue 45); the events list's item adds deliveries.
    const events = (await call(s, "GET", "/v0/events")).body as { data: Array<Json & { deliveries: unknown }> };
    expect(events.data.length).toBeGreaterThan(0);
    const event = ajv.compile(withoutMappings(jsonSchemaOf({ $ref: "#/components/schemas/Event" })) as Json);
    for (const { deliveries: _deliveries, ...body } of events.data)
      expect(event(body), JSON.stringify(event.errors?.slice(0, 3))).toBe(true);
    const spoiled = { ...events.data[0], deliveries: undefined, created_at: 12 };
    expect(event(JSON.parse(JSON.stringify(spoiled)))).toBe(false);
  });
});
