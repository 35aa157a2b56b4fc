import { describe, expect, it } from "vitest";
import { ScimError } from "./errors";
import { parseFilter, parsePage } from "./filter";
import { fromBody, type ScimUserFields } from "./user-fields";
import { applyUserPatch, operationsOf, PATCH_OP } from "./user-patch";

const ana: ScimUserFields = {
  userName: "ana@example.com",
  externalId: "00u1",
  displayName: "Ana Diaz",
  givenName: "Ana",
  familyName: "Diaz",
  active: true,
};
const patch = (...Operations: unknown[]) => applyUserPatch(ana, operationsOf({ schemas: [PATCH_OP], Operations }));
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, scimType: error.scimType, detail: error.detail };
    throw error;
  }
  throw new Error("not refused");
};

describe("a PATCH of a person, as identity providers send it", () => {
  it("Okta deactivates with a value object and no path", () => {
    expect(patch({ op: "replace", value: { active: false } }).active).toBe(false);
  });
  it("Entra ID deactivates with a capitalised op and the string False", () => {
    expect(patch({ op: "Replace", path: "active", value: "False" }).active).toBe(false);
    expect(patch({ op: "Replace", path: "active", value: "True" }).active).toBe(true);
  });
  it("Entra ID's dotted attribute names without a path, and its work email path", () => {
    const next = patch(
      { op: "Add", value: { "name.givenName": "Anna", "name.familyName": "Díaz" } },
      { op: "Replace", path: 'emails[type eq "work"].value', value: "Anna.Diaz@Example.com" },
    );
    expect(next).toMatchObject({ givenName: "Anna", familyName: "Díaz", userName: "anna.diaz@example.com" });
  });
  it("attributes the console does not keep are ignored, not refused", () => {
    expect(
      patch(
        { op: "replace", path: "title", value: "Controller" },
        { op: "add", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "Finance" },
      ),
    ).toEqual(ana);
  });
  it("removing a name part clears it; active and userName cannot be removed", () => {
    expect(patch({ op: "remove", path: "name.familyName" }).familyName).toBeNull();
    expect(refusal(() => patch({ op: "remove", path: "active" }))).toMatchObject({
      status: 400,
      scimType: "mutability",
    });
    expect(refusal(() => patch({ op: "remove", path: "userName" }))).toMatchObject({
      status: 400,
      scimType: "mutability",
    });
  });
  it("refuses malformed bodies, naming what is wrong", () => {
    expect(refusal(() => operationsOf({ Operations: [] }))).toMatchObject({
      status: 400,
      detail: expect.stringContaining("schemas"),
    });
    expect(refusal(() => operationsOf({ schemas: [PATCH_OP], Operations: [] }))).toMatchObject({
      detail: expect.stringContaining("Operations"),
    });
    expect(refusal(() => patch({ op: "merge", value: {} }))).toMatchObject({
      detail: expect.stringContaining("Operations[0].op"),
    });
    expect(refusal(() => patch({ op: "remove" }))).toMatchObject({ scimType: "noTarget" });
    expect(refusal(() => patch({ op: "replace", path: "active" }))).toMatchObject({
      detail: expect.stringContaining("value"),
    });
    expect(refusal(() => patch({ op: "replace", path: "active", value: "nope" }))).toMatchObject({
      scimType: "invalidValue",
      detail: expect.stringContaining("active"),
    });
    expect(refusal(() => patch({ op: "replace", path: "userName", value: "not an email" }))).toMatchObject({
      detail: expect.stringContaining("userName"),
    });
    expect(refusal(() => patch({ op: "replace", value: "x" }))).toMatchObject({ scimType: "invalidValue" });
  });
});

describe("a person's POST or PUT body", () => {
  it("reads userName as a lower-cased email, the names, and active (true when absent)", () => {
    expect(
      fromBody({ userName: " Ana@Example.COM ", name: { givenName: "Ana", familyName: "Diaz" }, externalId: "00u1" }),
    ).toEqual({
      userName: "ana@example.com",
      externalId: "00u1",
      displayName: null,
      givenName: "Ana",
      familyName: "Diaz",
      active: true,
    });
  });
  it("refuses what is not a person, naming the attribute", () => {
    expect(refusal(() => fromBody([]))).toMatchObject({ status: 400, scimType: "invalidSyntax" });
    expect(refusal(() => fromBody({}))).toMatchObject({ detail: expect.stringContaining("userName") });
    expect(refusal(() => fromBody({ userName: "a@b.co", active: 1 }))).toMatchObject({
      detail: expect.stringContaining("active"),
    });
    expect(refusal(() => fromBody({ userName: "a@b.co", name: "Ana" }))).toMatchObject({
      detail: expect.stringContaining("name"),
    });
    expect(refusal(() => fromBody({ userName: "a@b.co", displayName: "x".repeat(201) }))).toMatchObject({
      detail: expect.stringContaining("displayName"),
    });
  });
});

describe("filters and pages", () => {
  it("reads the one-attribute eq filters directories send", () => {
    expect(parseFilter('userName eq "ana@example.com"', ["userName", "externalId"])).toEqual({
      attribute: "userName",
      value: "ana@example.com",
    });
    expect(parseFilter('externalId eq "a\\"b"', ["userName", "externalId"])).toEqual({
      attribute: "externalId",
      value: 'a"b',
    });
    expect(parseFilter('DisplayName eq "Finance Team"', ["displayName"])).toEqual({
      attribute: "displayName",
      value: "Finance Team",
    });
    expect(parseFilter(null, ["userName"])).toBeNull();
  });
  it("refuses any other filter rather than answering with everyone", () => {
    expect(refusal(() => parseFilter('userName co "ana"', ["userName"]))).toMatchObject({ scimType: "invalidFilter" });
    expect(refusal(() => parseFilter('title eq "x"', ["userName"]))).toMatchObject({ scimType: "invalidFilter" });
    expect(refusal(() => parseFilter('userName eq "a" or userName eq "b"', ["userName"]))).toMatchObject({
      scimType: "invalidFilter",
    });
  });
  it("pages: 1-based, at most 100, below 1 read as 1, and a count that is not a number refused", () => {
    expect(parsePage(new URLSearchParams(""))).toEqual({ startIndex: 1, count: 100 });
    expect(parsePage(new URLSearchParams("startIndex=0&count=500"))).toEqual({ startIndex: 1, count: 100 });
    expect(parsePage(new URLSearchParams("startIndex=3&count=-2"))).toEqual({ startIndex: 3, count: 0 });
    expect(refusal(() => parsePage(new URLSearchParams("count=ten")))).toMatchObject({
      detail: expect.stringContaining("count"),
    });
  });
});
