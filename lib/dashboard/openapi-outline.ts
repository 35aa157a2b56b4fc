/**
 * The parts of an OpenAPI 3 document the API reference page shows, read defensively (the
 * document may come from a remote service). Pure.
 */
export type Operation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  extension: boolean;
  parameters: Array<{ name: string; in: string; required: boolean; description: string; type: string }>;
  requestBody: string | null;
  responses: Array<{ code: string; description: string; schema: string | null }>;
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** "#/components/schemas/SettlementRequest" → "SettlementRequest"; an inline schema → its type. */
export function schemaName(schema: unknown): string | null {
  const s = obj(schema);
  if (typeof s.$ref === "string") return s.$ref.split("/").pop() ?? null;
  if (s.type === "array") {
    const item = schemaName(s.items);
    return item ? `${item}[]` : "array";
  }
  return typeof s.type === "string" ? s.type : null;
}

const jsonSchema = (content: unknown) => schemaName(obj(obj(obj(content)["application/json"]).schema));

/** Operations grouped by their first tag, in document order. */
export function outline(document: unknown): {
  title: string;
  version: string;
  description: string;
  groups: Array<{ tag: string; operations: Operation[] }>;
  schemas: Array<{ name: string; schema: unknown }>;
} {
  const d = obj(document);
  const info = obj(d.info);
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(obj(d.paths))) {
    for (const method of METHODS) {
      const op = obj(obj(item)[method]);
      if (Object.keys(op).length === 0) continue;
      const tag = str(Array.isArray(op.tags) ? op.tags[0] : "") || "Other";
      const operation: Operation = {
        id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-"),
        method: method.toUpperCase(),
        path,
        summary: str(op.summary),
        description: str(op.description),
        extension: op["x-extension"] === true,
        parameters: (Array.isArray(op.parameters) ? op.parameters : []).map((p) => {
          const param = obj(p);
          return {
            name: str(param.name),
            in: str(param.in),
            required: param.required === true,
            description: str(param.description),
            type: schemaName(param.schema) ?? "",
          };
        }),
        requestBody: jsonSchema(obj(op.requestBody).content),
        responses: Object.entries(obj(op.responses)).map(([code, r]) => ({
          code,
          description: str(obj(r).description),
          schema: jsonSchema(obj(r).content),
        })),
      };
      const list = groups.get(tag) ?? [];
      list.push(operation);
      groups.set(tag, list);
    }
  }
  return {
    title: str(info.title),
    version: str(info.version),
    description: str(info.description),
    groups: [...groups].map(([tag, operations]) => ({ tag, operations })),
    schemas: Object.entries(obj(obj(d.components).schemas)).map(([name, schema]) => ({ name, schema })),
  };
}
