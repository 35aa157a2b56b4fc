import { describe, expect, it } from "vitest";
import SwaggerParser from "@apidevtools/swagger-parser";
import { withTestService } from "./testing/with-test-service";

describe("GET /v0/openapi.json", () => {
  const s = withTestService();

  it("is a valid OpenAPI 3.0 document (checked by swagger-parser)", async () => {
    const res = await s.request("GET", "/v0/openapi.json", { key: null });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\.0\./);
    const validated = await SwaggerParser.validate(structuredClone(doc));
    expect(validated.info.title).toBe("Instant Settlement Service");
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
  });
});
