import { describe, expect, it } from "vitest";
import { issuePath } from "./error";
import { webhookCreateSchema, webhookSchema, webhookUpdateSchema } from "./webhook";

describe("webhook bodies", () => {
  it("accepts a create body and drops repeated events", () => {
    const out = webhookCreateSchema.parse({
      url: "https://example.com/hooks",
      events: ["settlement_request.updated", "payment.completed", "settlement_request.updated"],
      description: "main",
    });
    expect(out.events).toEqual(["settlement_request.updated", "payment.completed"]);
  });

  // issue 35, finding 18: markup inside a webhook URL was accepted (escaped on screen, but nonsense)
  it("refuses markup and spaces inside a URL, naming url", () => {
    for (const url of [
      "https://example.com/<img src=x onerror=alert(1)>",
      "https://example.com/a b",
      'https://example.com/"q"',
    ]) {
      const parsed = webhookCreateSchema.safeParse({ url, events: ["payment.created"] });
      expect(parsed.success, url).toBe(false);
      if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(["url"]);
    }
    expect(
      webhookCreateSchema.safeParse({ url: "https://example.com/%3Cimg%3E?q=a%20b", events: ["payment.created"] })
        .success,
    ).toBe(true);
  });

  it("accepts http for sandbox receivers (production rules are the use case's)", () => {
    expect(
      webhookCreateSchema.safeParse({ url: "http://localhost:3000/inbox", events: ["payment.created"] }).success,
    ).toBe(true);
  });

  it.each([
    [{ events: ["payment.created"] }, "url"],
    [{ url: "ftp://example.com", events: ["payment.created"] }, "url"],
    [{ url: "not a url", events: ["payment.created"] }, "url"],
    [{ url: "https://example.com" }, "events"],
    [{ url: "https://example.com", events: [] }, "events"],
    [{ url: "https://example.com", events: ["payment.created", "payment.exploded"] }, "events.1"],
  ])("create %j fails at %s", (body, path) => {
    const r = webhookCreateSchema.safeParse(body);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });

  it("patch takes any subset; status ACTIVE or DISABLED", () => {
    expect(webhookUpdateSchema.parse({ status: "DISABLED" })).toEqual({ status: "DISABLED" });
    expect(webhookUpdateSchema.parse({})).toEqual({});
    const r = webhookUpdateSchema.safeParse({ status: "PAUSED", events: ["nope"] });
    expect(r.error?.issues.map((i) => issuePath(i.path)).sort()).toEqual(["events.0", "status"]);
  });

  it("the record carries the secret only when present", () => {
    const rec = {
      id: "wh_1",
      url: "https://x.io",
      events: ["payment.created"],
      status: "ACTIVE",
      created_at: "2026-11-21T10:00:00Z",
    };
    expect(webhookSchema.parse(rec).secret).toBeUndefined();
    expect(webhookSchema.parse({ ...rec, secret: "whsec_abc-_123" }).secret).toBe("whsec_abc-_123");
  });
});
