import { describe, expect, it } from "vitest";
import { withTestService } from "../testing/with-test-service";

describe("/v0/webhooks and /v1/webhooks", () => {
  const s = withTestService();

  const create = (body: unknown, key?: string) => s.request("POST", "/v0/webhooks", { body, key });

  it("creates an endpoint and shows its secret only in the 201", async () => {
    const res = await create({
      url: "http://localhost:4000/inbox",
      events: ["payment.created", "settlement_request.updated"],
      description: "local",
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      url: "http://localhost:4000/inbox",
      events: ["payment.created", "settlement_request.updated"],
      status: "ACTIVE",
      description: "local",
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.secret.slice(6), "base64url")).toHaveLength(32);

    const got = await (await s.request("GET", `/v0/webhooks/${created.id}`)).json();
    expect(got.secret).toBeUndefined();
    expect(got).toMatchObject({
      id: created.id,
      url: created.url,
      events: created.events,
      status: "ACTIVE",
      created_at: created.created_at,
    });

    const list = await (await s.request("GET", "/v0/webhooks")).json();
    expect(list.pagination).toMatchObject({ page: 1, page_size: 20 });
    const item = list.data.find((w: { id: string }) => w.id === created.id);
    expect(item).toBeDefined();
    expect(item.secret).toBeUndefined();
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it("never serves a console inbox's capability URL whole after create: reads cut it, others stay as sent (issue 42)", async () => {
    const inboxUrl = `http://localhost:4000/inbox/ibx_${"Ab3_x-".repeat(5)}zz`;
    const res = await create({ url: inboxUrl, events: ["payment.created"] });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.url).toBe(inboxUrl);
    const cut = "http://localhost:4000/inbox/ibx_Ab3_x-…";
    expect((await (await s.request("GET", `/v0/webhooks/${created.id}`)).json()).url).toBe(cut);
    expect((await (await s.request("GET", `/v1/webhooks/${created.id}`)).json()).url).toBe(cut);
    const list = await (await s.request("GET", "/v0/webhooks?page_size=100")).json();
    expect(JSON.stringify(list)).not.toContain(inboxUrl);
    const changed = await s.request("PATCH", `/v0/webhooks/${created.id}`, { body: { description: "x" } });
    expect((await changed.json()).url).toBe(cut);
    const plain = await (
      await create({ url: "https://example.com/inbox/ibx_short", events: ["payment.created"] })
    ).json();
    expect((await (await s.request("GET", `/v0/webhooks/${plain.id}`)).json()).url).toBe(
      "https://example.com/inbox/ibx_short",
    );
    await s.request("DELETE", `/v0/webhooks/${created.id}`);
    await s.request("DELETE", `/v0/webhooks/${plain.id}`);
  });

  it("refuses unknown event types, empty lists and bad URLs with 400 naming the field", async () => {
    const unknown = await create({ url: "https://example.com/h", events: ["payment.created", "payment.exploded"] });
    expect(unknown.status).toBe(400);
    const body = await unknown.json();
    expect(body).toMatchObject({ status_code: 400, error: "validation_error" });
    expect(body.details.map((d: { path: string }) => d.path)).toContain("events.1");
    expect((await create({ url: "https://example.com/h", events: [] })).status).toBe(400);
    expect((await create({ url: "ftp://example.com/h", events: ["payment.created"] })).status).toBe(400);
    expect((await create({ events: ["payment.created"] })).status).toBe(400);
    expect((await s.request("POST", "/v0/webhooks")).status).toBe(400);
  });

  it("production: https only, no loopback or private targets; sandbox may target local receivers", async () => {
    const prod = s.keys.production;
    for (const url of [
      "http://example.com/hooks",
      "https://localhost/hooks",
      "https://127.0.0.1/hooks",
      "https://[::1]/hooks",
      "https://10.1.2.3/hooks",
      "https://192.168.0.10/hooks",
      "https://169.254.169.254/latest",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://[fd00::1]/hooks",
      "https://2130706433/hooks",
    ]) {
      const res = await create({ url, events: ["payment.created"] }, prod);
      expect(res.status, url).toBe(400);
      const body = await res.json();
      expect(body.details?.[0]?.path, url).toBe("url");
    }
    expect(
      (await create({ url: "https://hooks.example.com/settlement", events: ["payment.created"] }, prod)).status,
    ).toBe(201);
    expect((await create({ url: "https://93.184.216.34/hooks", events: ["payment.created"] }, prod)).status).toBe(201);
    expect((await create({ url: "http://127.0.0.1:9/hooks", events: ["payment.created"] })).status).toBe(201);
  });

  it("PATCH replaces the events, sets the status, checks a new URL", async () => {
    const created = await (
      await create({ url: "https://example.com/a", events: ["payment.created", "payment.failed"] }, s.keys.production)
    ).json();
    const patched = await s.request("PATCH", `/v0/webhooks/${created.id}`, {
      body: { events: ["account.balance.low"], status: "DISABLED" },
      key: s.keys.production,
    });
    expect(patched.status).toBe(200);
    const body = await patched.json();
    expect(body).toMatchObject({
      id: created.id,
      events: ["account.balance.low"],
      status: "DISABLED",
      url: "https://example.com/a",
    });
    expect(body.secret).toBeUndefined();
    const again = await s.request("PATCH", `/v0/webhooks/${created.id}`, {
      body: { status: "ACTIVE" },
      key: s.keys.production,
    });
    expect((await again.json()).status).toBe("ACTIVE");
    const bad = await s.request("PATCH", `/v0/webhooks/${created.id}`, {
      body: { url: "https://127.0.0.1/x" },
      key: s.keys.production,
    });
    expect(bad.status).toBe(400);
    expect(
      (await s.request("PATCH", `/v0/webhooks/${created.id}`, { body: { status: "PAUSED" }, key: s.keys.production }))
        .status,
    ).toBe(400);
    expect(
      (await s.request("PATCH", `/v0/webhooks/${created.id}`, { body: { events: ["nope"] }, key: s.keys.production }))
        .status,
    ).toBe(400);
  });

  it("DELETE answers 204, then the endpoint is gone", async () => {
    const created = await (await create({ url: "http://localhost:1/x", events: ["payment.created"] })).json();
    const res = await s.request("DELETE", `/v0/webhooks/${created.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await s.request("GET", `/v0/webhooks/${created.id}`)).status).toBe(404);
    expect((await s.request("DELETE", `/v0/webhooks/${created.id}`)).status).toBe(404);
  });

  it("/v1/webhooks is the same registry", async () => {
    const created = await (
      await s.request("POST", "/v1/webhooks", { body: { url: "http://localhost:2/x", events: ["payment.completed"] } })
    ).json();
    expect(created.secret).toMatch(/^whsec_/);
    expect((await s.request("GET", `/v0/webhooks/${created.id}`)).status).toBe(200);
    const v1list = await (await s.request("GET", "/v1/webhooks?page_size=100")).json();
    expect(v1list.data.map((w: { id: string }) => w.id)).toContain(created.id);
    expect(
      (await s.request("PATCH", `/v1/webhooks/${created.id}`, { body: { events: ["payment.failed"] } })).status,
    ).toBe(200);
    expect((await s.request("DELETE", `/v1/webhooks/${created.id}`)).status).toBe(204);
  });

  it("keeps environments and accounts apart: another environment's id is a 404", async () => {
    const created = await (await create({ url: "http://localhost:3/x", events: ["payment.created"] })).json();
    expect((await s.request("GET", `/v0/webhooks/${created.id}`, { key: s.keys.production })).status).toBe(404);
    expect(
      (await s.request("PATCH", `/v0/webhooks/${created.id}`, { key: s.keys.production, body: { status: "DISABLED" } }))
        .status,
    ).toBe(404);
    expect((await s.request("DELETE", `/v0/webhooks/${created.id}`, { key: s.keys.production })).status).toBe(404);
    expect((await s.request("GET", `/v0/webhooks/${created.id}/deliveries`, { key: s.keys.production })).status).toBe(
      404,
    );
    const prodList = await (await s.request("GET", "/v0/webhooks?page_size=100", { key: s.keys.production })).json();
    expect(prodList.data.map((w: { id: string }) => w.id)).not.toContain(created.id);
  });

  it("paginates newest first and validates page_size", async () => {
    const res = await s.request("GET", "/v0/webhooks?page=1&page_size=2");
    const body = await res.json();
    expect(body.data).toHaveLength(2);
    expect(body.pagination.total_pages).toBe(Math.ceil(body.pagination.total / 2));
    expect(body.data[0].created_at >= body.data[1].created_at).toBe(true);
    expect((await s.request("GET", "/v0/webhooks?page_size=101")).status).toBe(400);
    expect((await s.request("GET", "/v0/webhooks?page=0")).status).toBe(400);
  });

  it("needs a key", async () => {
    expect((await s.request("GET", "/v0/webhooks", { key: null })).status).toBe(401);
    expect((await s.request("POST", "/v1/webhooks", { key: null, body: {} })).status).toBe(401);
  });

  it("documents the routes, the deliveries and retry extensions marked x-extension", async () => {
    const doc = await (await s.request("GET", "/v0/openapi.json", { key: null })).json();
    for (const path of ["/v0/webhooks", "/v0/webhooks/{id}", "/v1/webhooks", "/v1/webhooks/{id}"])
      expect(doc.paths).toHaveProperty(path);
    expect(doc.paths["/v0/webhooks/{id}/deliveries"].get["x-extension"]).toBe(true);
    expect(doc.paths["/v0/webhooks/{id}/deliveries/{delivery_id}/retry"].post["x-extension"]).toBe(true);
    expect(doc.paths["/v0/webhooks/{id}"].delete.responses).toHaveProperty("204");
  });
});
