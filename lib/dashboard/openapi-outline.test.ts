import { describe, expect, it } from "vitest";
import { createTestService } from "@/lib/service/testing/harness";
import { outline, schemaName } from "./openapi-outline";

describe("the API reference's outline of the service's own OpenAPI document", () => {
  it("lists every operation under its tag, with parameters, bodies and responses", async () => {
    const s = await createTestService();
    const document = await (await s.request("GET", "/v0/openapi.json")).json();
    await s.close();
    const o = outline(document);
    expect(o.title).toBe("Instant Settlement Service");
    const all = o.groups.flatMap((g) => g.operations);
    const create = all.find((op) => op.method === "POST" && op.path === "/v0/settlement-requests");
    expect(create?.requestBody).toBe("SettlementRequestCreate");
    expect(create?.responses.map((r) => r.code)).toContain("201");
    const get = all.find((op) => op.method === "GET" && op.path === "/v0/settlement-requests/{id}");
    expect(get?.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
    expect(all.some((op) => op.path === "/v0/events" && op.extension)).toBe(true);
    expect(o.schemas.some((s) => s.name === "SettlementRequest")).toBe(true);
  });
  it("names references, arrays and plain types", () => {
    expect(schemaName({ $ref: "#/components/schemas/Payment" })).toBe("Payment");
    expect(schemaName({ type: "array", items: { $ref: "#/components/schemas/Event" } })).toBe("Event[]");
    expect(schemaName({ type: "string" })).toBe("string");
    expect(schemaName(null)).toBeNull();
  });
});
