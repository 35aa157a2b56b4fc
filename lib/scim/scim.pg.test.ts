/**
 * SCIM 2.0 provisioning (issue 61) on PostgreSQL, through the handler the /scim/v2 route serves,
 * with the requests Okta and Entra ID make (the look-up by `userName eq`, POST, PATCH with
 * `replace active false` in both dialects, group membership by PATCH, pagination, DELETE) and
 * malformed ones: every refusal a SCIM error naming what was wrong, with nothing written.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/database";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";
import { createDirectory, revokeDirectory } from "./directories";
import { handleScim } from "./handler";
import { mapGroupToRole } from "./map-role";
import { PATCH_OP } from "./user-patch";

describe("SCIM 2.0 (PostgreSQL)", () => {
  let a: TestDatabase;
  let token = "";
  let directory = { id: "", name: "Okta" };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const url = new URL(`http://console.test/scim/v2/${path}`);
    const response = await handleScim(
      a.db,
      new Request(url, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/scim+json" }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
      url.pathname
        .replace(/^\/scim\/v2\/?/, "")
        .split("/")
        .filter(Boolean),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const person = async (id: string) =>
    (
      await queryRows<{ role: string; disabled: boolean; scim_active: boolean; email: string }>(
        a.db,
        sql`select role, disabled, scim_active, email from console_users where id = ${id}`,
      )
    )[0];
  const count = async () =>
    (await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from console_users`))[0]?.n ?? 0;
  const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName: email,
    name: { givenName: "Ana", familyName: "Diaz" },
    emails: [{ primary: true, value: email, type: "work" }],
    active: true,
    ...extra,
  });

  beforeAll(async () => {
    a = await migratedPostgres();
    const made = await createDirectory(a.db, "Okta", "admin@example.com");
    token = made.token;
    directory = { id: made.id, name: "Okta" };
  });
  afterAll(async () => {
    await a?.close();
  });

  it("refuses a request without the directory's token, with a wrong one, and with a revoked one", async () => {
    const right = token;
    for (const wrong of ["", "scim_wrong"]) {
      token = wrong;
      const answer = await call("GET", "Users");
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="scim"');
      expect(answer.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
    }
    const other = await createDirectory(a.db, "Old", "admin@example.com");
    await revokeDirectory(a.db, other.id);
    token = other.token;
    expect((await call("GET", "Users")).status).toBe(401);
    token = right;
    const config = await call("GET", "ServiceProviderConfig");
    expect(config.body).toMatchObject({ patch: { supported: true }, bulk: { supported: false } });
    expect((await call("GET", "ResourceTypes")).body.totalResults).toBe(2);
  });

  it("provisions a person as Okta does: looked up, created without a role, given one when an administrator maps their group", async () => {
    const none = await call(
      "GET",
      `Users?filter=${encodeURIComponent('userName eq "ana@example.com"')}&startIndex=1&count=100`,
    );
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await call("POST", "Users", newUser("Ana@Example.com", { externalId: "00u1" }));
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toBe("application/scim+json");
    expect(created.body).toMatchObject({
      userName: "ana@example.com",
      externalId: "00u1",
      active: true,
      displayName: "Ana Diaz",
    });
    expect(created.headers.get("location")).toBe(`http://console.test/scim/v2/Users/${created.body.id}`);
    const id = created.body.id as string;
    // Active in the directory, but no role of the directory's choosing: cannot sign in yet.
    expect(await person(id)).toMatchObject({ disabled: true, scim_active: true });
    const group = await call("POST", "Groups", { displayName: "Finance Team", members: [{ value: id }] });
    expect(group.status).toBe(201);
    expect(await person(id)).toMatchObject({ disabled: true });
    await mapGroupToRole(a.db, directory, "finance team", "finance");
    expect(await person(id)).toMatchObject({ disabled: false, role: "finance" });
    const found = await call("GET", `Users?filter=${encodeURIComponent('userName eq "ANA@example.com"')}`);
    expect(found.body.Resources.map((u: { id: string }) => u.id)).toEqual([id]);
    expect(found.body.Resources[0].groups).toEqual([
      { value: group.body.id, display: "Finance Team", $ref: `http://console.test/scim/v2/Groups/${group.body.id}` },
    ]);
  });

  it("deactivation (Okta's replace active false) ends the person's sessions, denies what they submitted and withdraws their approvals; reactivation (Entra's 'True') restores no session", async () => {
    const id = (await call("GET", `Users?filter=${encodeURIComponent('userName eq "ana@example.com"')}`)).body
      .Resources[0].id;
    await a.db.execute(
      sql`insert into console_sessions (id, token, user_id, expires_at) values ('s-ana', 't-ana', ${id}, now() + interval '1 day')`,
    );
    await a.db.execute(sql`
      insert into console_submissions (id, environment, action, action_name, method, path, body, facts, submitted_by,
                                       submitted_by_email, rule_id, rule_version, rule_name, approvals_required, approver_roles, expires_at)
      values ('sub-ana', 'sandbox', 'disbursement', 'x', 'POST', '/v0/disbursements', '{}', '{}', ${id}, 'ana@example.com',
              'r', 1, 'R', 1, '{admin}', now() + interval '1 hour'),
             ('sub-other', 'sandbox', 'disbursement', 'x', 'POST', '/v0/disbursements', '{}', '{}', 'someone', 'bo@example.com',
              'r', 1, 'R', 2, '{finance}', now() + interval '1 hour')`);
    await a.db.execute(
      sql`insert into console_submission_approvals (submission_id, user_id, email, role) values ('sub-other', ${id}, 'ana@example.com', 'finance')`,
    );
    const off = await call("PATCH", `Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await person(id)).toMatchObject({ disabled: true, scim_active: false });
    const left = await queryRows<{ sessions: number; status: string; approvals: number }>(
      a.db,
      sql`select (select count(*)::int from console_sessions where user_id = ${id}) as sessions,
                 (select status from console_submissions where id = 'sub-ana') as status,
                 (select count(*)::int from console_submission_approvals where user_id = ${id}) as approvals`,
    );
    expect(left[0]).toEqual({ sessions: 0, status: "denied", approvals: 0 });
    const on = await call("PATCH", `Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "active", value: "True" }],
    });
    expect(on.body.active).toBe(true);
    expect(await person(id)).toMatchObject({ disabled: false });
    expect((await queryRows(a.db, sql`select 1 from console_sessions where user_id = ${id}`)).length).toBe(0);
  });

  it("Entra ID removes a member by a filtered path: the person loses the role and with it the console", async () => {
    const id = (await call("GET", `Users?filter=${encodeURIComponent('userName eq "ana@example.com"')}`)).body
      .Resources[0].id;
    const group = (
      await call(
        "GET",
        `Groups?filter=${encodeURIComponent('displayName eq "Finance Team"')}&excludedAttributes=members`,
      )
    ).body.Resources[0];
    expect(group.members).toBeUndefined();
    const removed = await call("PATCH", `Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Remove", path: `members[value eq "${id}"]` }],
    });
    expect(removed.body.members).toEqual([]);
    expect(await person(id)).toMatchObject({ disabled: true, scim_active: true });
    await call("PATCH", `Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Add", path: "members", value: [{ value: id }] }],
    });
    expect(await person(id)).toMatchObject({ disabled: false, role: "finance" });
  });

  it("pages the directory's people by startIndex and count", async () => {
    for (let i = 0; i < 5; i++) expect((await call("POST", "Users", newUser(`p${i}@example.com`))).status).toBe(201);
    const page = await call("GET", "Users?startIndex=3&count=2");
    expect(page.body).toMatchObject({ totalResults: 6, startIndex: 3, itemsPerPage: 2 });
    expect(page.body.Resources.map((u: { userName: string }) => u.userName)).toEqual([
      "p1@example.com",
      "p2@example.com",
    ]);
    expect((await call("GET", "Users?count=0")).body).toMatchObject({ totalResults: 6, Resources: [] });
  });

  it("refuses malformed requests with a SCIM error that names the attribute, and writes nothing", async () => {
    const before = await count();
    const missing = await call("POST", "Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      active: true,
    });
    expect(missing).toMatchObject({ status: 400, body: { status: "400", scimType: "invalidValue" } });
    expect(missing.body.detail).toContain("userName");
    expect((await call("POST", "Users", "{not json")).body).toMatchObject({ status: "400", scimType: "invalidSyntax" });
    expect((await call("POST", "Users", newUser("x@example.com"), { "Content-Type": "text/plain" })).status).toBe(415);
    const twice = await call("POST", "Users", newUser("p0@example.com"));
    expect(twice).toMatchObject({ status: 409, body: { scimType: "uniqueness" } });
    expect((await call("GET", 'Users?filter=userName%20co%20"p"')).body).toMatchObject({
      status: "400",
      scimType: "invalidFilter",
    });
    const group = (await call("GET", `Groups?filter=${encodeURIComponent('displayName eq "Finance Team"')}`)).body
      .Resources[0];
    // One good member and one unknown in one PATCH: refused whole, the good one not added.
    const p0 = (await call("GET", `Users?filter=${encodeURIComponent('userName eq "p0@example.com"')}`)).body
      .Resources[0].id;
    const bad = await call("PATCH", `Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: "add", path: "members", value: [{ value: p0 }] },
        { op: "add", path: "members", value: [{ value: "nobody" }] },
      ],
    });
    expect(bad).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
    expect(bad.body.detail).toContain("members");
    expect((await call("GET", `Groups/${group.id}`)).body.members.map((m: { display: string }) => m.display)).toEqual([
      "ana@example.com",
    ]);
    expect((await call("GET", "Users/nobody")).status).toBe(404);
    expect((await call("GET", "Widgets")).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it("DELETE deactivates the person and lets go of them: every later request for them is a 404", async () => {
    const id = (await call("GET", `Users?filter=${encodeURIComponent('userName eq "p4@example.com"')}`)).body
      .Resources[0].id;
    expect((await call("DELETE", `Users/${id}`)).status).toBe(204);
    expect((await call("GET", `Users/${id}`)).status).toBe(404);
    expect(
      (
        await call("PATCH", `Users/${id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: "replace", value: { active: true } }],
        })
      ).status,
    ).toBe(404);
    expect(await person(id)).toMatchObject({ disabled: true, email: "p4@example.com" });
  });

  it("cannot deactivate the console's last active administrator, and audits what it wrote as the directory", async () => {
    const admin = (await call("POST", "Users", newUser("boss@example.com"))).body.id as string;
    await call("POST", "Groups", { displayName: "Console Admins", members: [{ value: admin }] });
    await mapGroupToRole(a.db, directory, "Console Admins", "admin");
    expect(await person(admin)).toMatchObject({ role: "admin", disabled: false });
    const refused = await call("PATCH", `Users/${admin}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", path: "active", value: false }],
    });
    expect(refused).toMatchObject({ status: 409, body: { scimType: "mutability" } });
    expect(await person(admin)).toMatchObject({ role: "admin", disabled: false, scim_active: true });
    const audit = await queryRows<{ action: string; user_email: string }>(
      a.db,
      sql`select action, user_email from console_audit where action like 'scim.%' order by at`,
    );
    expect(audit.length).toBeGreaterThan(5);
    expect(new Set(audit.map((r) => r.user_email))).toEqual(new Set(["scim:okta"]));
  });
});
