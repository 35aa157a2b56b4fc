/**
 * What identity providers read before they provision (RFC 7644 §4): what this service supports
 * (PATCH yes; bulk, sort, ETags and password changes no; filters of one `eq`, 100 a page), its two
 * resource types, and their schemas reduced to the attributes the console keeps.
 */
const SPC = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RESOURCE_TYPE = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

const userSchema = {
  schemas: [SCHEMA],
  id: "urn:ietf:params:scim:schemas:core:2.0:User",
  name: "User",
  description: "A person of the console",
  attributes: [
    attribute("userName", "string", { required: true, uniqueness: "server" }),
    attribute("externalId", "string", { caseExact: true }),
    attribute("displayName", "string"),
    attribute("name", "complex", {
      subAttributes: [
        attribute("givenName", "string"),
        attribute("familyName", "string"),
        attribute("formatted", "string"),
      ],
    }),
    attribute("emails", "complex", {
      multiValued: true,
      subAttributes: [attribute("value", "string"), attribute("type", "string")],
    }),
    attribute("active", "boolean"),
    attribute("groups", "complex", { multiValued: true, mutability: "readOnly" }),
  ],
};

const groupSchema = {
  schemas: [SCHEMA],
  id: "urn:ietf:params:scim:schemas:core:2.0:Group",
  name: "Group",
  description: "A group of the directory; an administrator maps its name to a role",
  attributes: [
    attribute("displayName", "string", { required: true, uniqueness: "server" }),
    attribute("externalId", "string", { caseExact: true }),
    attribute("members", "complex", { multiValued: true, subAttributes: [attribute("value", "string")] }),
  ],
};

const list = (resources: unknown[]) => ({
  schemas: [LIST],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

const resourceType = (base: string, name: "User" | "Group") => ({
  schemas: [RESOURCE_TYPE],
  id: name,
  name,
  endpoint: `/${name}s`,
  schema: `urn:ietf:params:scim:schemas:core:2.0:${name}`,
  meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/${name}` },
});

export const DISCOVERY: Record<string, (base: string) => unknown> = {
  ServiceProviderConfig: (base) => ({
    schemas: [SPC],
    documentationUri: `${base.replace(/\/scim\/v2$/, "")}/docs/guide/identity`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 100 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "The directory's token, made on the People page",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
  }),
  ResourceTypes: (base) => list([resourceType(base, "User"), resourceType(base, "Group")]),
  Schemas: () => list([userSchema, groupSchema]),
};
