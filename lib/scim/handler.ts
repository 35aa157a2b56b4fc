import "server-only";
import { insertAudit } from "@/lib/auth/audit";
import type { Db } from "@/lib/db/database";
import { readCapped } from "@/lib/http/read-capped";
import { directoryOfToken } from "./directories";
import { ScimError, scimErrorResponse, scimJson } from "./errors";
import { withStopsAfterCommit } from "./stops-after-commit";
import { parseFilter, parsePage } from "./filter";
import {
  createScimGroup,
  deleteScimGroup,
  findScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
  toScimGroup,
} from "./groups";
import { DISCOVERY } from "./discovery";
import { fromBody } from "./user-fields";
import { applyUserPatch, operationsOf } from "./user-patch";
import {
  createScimUser,
  fieldsOf,
  findScimUser,
  LIST_SCHEMA,
  listScimUsers,
  removeScimUser,
  saveScimUser,
  toScimUser,
} from "./users";

/** A SCIM request body is a person or a group, or a PATCH of one: 1 MB is plenty. */
const MAX_BODY_BYTES = 1024 * 1024;

type Directory = { id: string; name: string };

/**
 * The SCIM 2.0 service (RFC 7644) at /scim/v2 (issue 61): a directory's bearer token is the
 * credential; every write runs in one transaction (a refusal leaves nothing written) and is
 * audited as the directory. Users and Groups, with the discovery documents identity providers
 * read first. Anything unknown is a SCIM error naming what was wrong, never a 500 with a stack.
 */
export async function handleScim(db: Db, request: Request, segments: string[]): Promise<Response> {
  try {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    const directory = token ? await directoryOfToken(db, token) : null;
    if (!directory)
      return withHeader(
        scimErrorResponse(new ScimError(401, "A directory's bearer token is required (Authorization: Bearer …).")),
        "WWW-Authenticate",
        'Bearer realm="scim"',
      );
    const url = new URL(request.url);
    const base = `${url.origin}/scim/v2`;
    const [resource, id, ...rest] = segments;
    if (rest.length > 0 || resource === undefined) throw new ScimError(404, `No such endpoint: /${segments.join("/")}`);
    const method = request.method.toUpperCase();
    const discovery = DISCOVERY[resource];
    if (discovery) {
      if (method !== "GET") throw new ScimError(405, `${method} is not allowed on ${resource}`);
      return scimJson(discovery(base));
    }
    if (resource !== "Users" && resource !== "Groups") throw new ScimError(404, `No such resource type: ${resource}`);
    if (method === "GET")
      return id
        ? scimJson(await readOne(db, directory, resource, id, base))
        : await list(db, directory, resource, url, base);
    const body = method === "DELETE" ? null : await bodyOf(request);
    const wrote = await withStopsAfterCommit(() =>
      db.transaction(async (tx) => {
        const result = await write(tx, directory, resource, method, id, body);
        await insertAudit(tx, {
          actor: null,
          email: `scim:${directory.name}`,
          action: `scim.${resource === "Users" ? "user" : "group"}.${method.toLowerCase()}`,
          targetId: result.id,
          result: "ok",
          detail: `directory ${directory.id}`,
        });
        return result;
      }),
    );
    if (wrote.status === 204) return scimJson(null, 204);
    const shown = await readOne(db, directory, resource, wrote.id, base);
    return scimJson(shown, wrote.status, wrote.status === 201 ? { Location: shown.meta.location } : {});
  } catch (error) {
    if (error instanceof ScimError) return scimErrorResponse(error);
    throw error;
  }
}

async function readOne(db: Db, directory: Directory, resource: "Users" | "Groups", id: string, base: string) {
  return resource === "Users"
    ? toScimUser(await findScimUser(db, directory.id, id), base)
    : toScimGroup(await findScimGroup(db, directory.id, id), base);
}

async function list(db: Db, directory: Directory, resource: "Users" | "Groups", url: URL, base: string) {
  const page = parsePage(url.searchParams);
  const filter = parseFilter(
    url.searchParams.get("filter"),
    resource === "Users" ? ["userName", "externalId", "displayName"] : ["displayName", "externalId"],
  );
  // Groups without their members when asked (Entra ID: excludedAttributes=members).
  const withMembers = !/\bmembers\b/i.test(url.searchParams.get("excludedAttributes") ?? "");
  const found =
    resource === "Users"
      ? await listScimUsers(db, directory.id, filter, page)
      : await listScimGroups(db, directory.id, filter, page);
  const resources =
    resource === "Users"
      ? (found.rows as Parameters<typeof toScimUser>[0][]).map((r) => toScimUser(r, base))
      : (found.rows as Parameters<typeof toScimGroup>[0][]).map((r) => toScimGroup(r, base, withMembers));
  return scimJson({
    schemas: [LIST_SCHEMA],
    totalResults: found.total,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  });
}

async function write(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  directory: Directory,
  resource: "Users" | "Groups",
  method: string,
  id: string | undefined,
  body: unknown,
): Promise<{ id: string; status: 200 | 201 | 204 }> {
  if (method === "POST") {
    if (id)
      throw new ScimError(405, `POST goes to /${resource}, not to one ${resource === "Users" ? "user" : "group"}`);
    const made =
      resource === "Users"
        ? await createScimUser(tx, directory, fromBody(body))
        : await createScimGroup(tx, directory, body);
    return { id: made, status: 201 };
  }
  if (!id) throw new ScimError(405, `${method} needs an id: /${resource}/<id>`);
  if (method === "PUT") {
    if (resource === "Users") await saveScimUser(tx, directory, id, fromBody(body));
    else await replaceScimGroup(tx, directory, id, body);
    return { id, status: 200 };
  }
  if (method === "PATCH") {
    const operations = operationsOf(body);
    if (resource === "Users") {
      const current = fieldsOf(await findScimUser(tx, directory.id, id));
      await saveScimUser(tx, directory, id, applyUserPatch(current, operations));
    } else await patchScimGroup(tx, directory, id, operations);
    return { id, status: 200 };
  }
  if (method === "DELETE") {
    if (resource === "Users") await removeScimUser(tx, directory, id);
    else await deleteScimGroup(tx, directory, id);
    return { id, status: 204 };
  }
  throw new ScimError(405, `${method} is not a SCIM method`);
}

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(scim\+)?json\b/i.test(type))
    throw new ScimError(415, `Content-Type: application/scim+json or application/json, got ${JSON.stringify(type)}`);
  const bytes = await readCapped(request, MAX_BODY_BYTES);
  if (bytes === null) throw new ScimError(413, `body: at most ${MAX_BODY_BYTES} bytes`, "tooMany");
  const text = new TextDecoder().decode(bytes);
  if (text.includes("\u0000")) throw new ScimError(400, "body: contains a NUL character", "invalidSyntax");
  try {
    return JSON.parse(text);
  } catch {
    throw new ScimError(400, "body: not valid JSON", "invalidSyntax");
  }
}

function withHeader(response: Response, name: string, value: string): Response {
  response.headers.set(name, value);
  return response;
}
