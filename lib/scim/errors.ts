/**
 * SCIM's error answer (RFC 7644 §3.12): `application/scim+json`, the Error schema, the status as
 * a string, a scimType where the RFC names one, and a detail that names the attribute at fault.
 */
export const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_CONTENT_TYPE = "application/scim+json";

export type ScimType =
  | "invalidFilter"
  | "invalidPath"
  | "invalidSyntax"
  | "invalidValue"
  | "noTarget"
  | "uniqueness"
  | "mutability"
  | "tooMany";

/** A refusal the handler turns into its answer. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": SCIM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

export function scimErrorResponse(error: ScimError): Response {
  return scimJson(
    {
      schemas: [SCIM_ERROR],
      status: String(error.status),
      ...(error.scimType ? { scimType: error.scimType } : {}),
      detail: error.detail,
    },
    error.status,
  );
}
