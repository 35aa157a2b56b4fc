/**
 * fast-check arbitraries built from the published OpenAPI 3.0 document: schema-valid values
 * (preferring the document's examples, so many pass the semantic checks too) and mutations of
 * them (wrong types, missing and extra fields, boundary numbers, NUL and huge strings, deep
 * nesting, bad enums). Tests and `npm run fuzz` only.
 */
import fc from "fast-check";

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  nullable?: boolean;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};
export type Doc = { components?: { schemas?: Record<string, Schema> } };

export function resolve(doc: Doc, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++)
    s = doc.components?.schemas?.[s.$ref.replace("#/components/schemas/", "")] ?? {};
  return s;
}

/** Values the schema accepts by shape, the document's example two times in three when it has one. */
export function arbitraryOf(doc: Doc, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  const base = shapeOf(doc, s, depth);
  const withExample =
    s.example !== undefined
      ? fc.oneof({ arbitrary: fc.constant(s.example), weight: 2 }, { arbitrary: base, weight: 1 })
      : base;
  return s.nullable
    ? fc.oneof({ arbitrary: withExample, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : withExample;
}

function shapeOf(doc: Doc, s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const options = s.oneOf ?? s.anyOf;
  if (options?.length) return fc.oneof(...options.map((o) => arbitraryOf(doc, o, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(doc, s.allOf[0], depth + 1);
  switch (s.type) {
    case "string":
      if (s.format === "date-time")
        return fc
          .date({ min: new Date("2026-01-01"), max: new Date("2027-12-31"), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (s.format === "email") return fc.constantFrom("ada@example.com", "ops@acme.test");
      if (s.format === "uri") return fc.constantFrom("https://example.com/hook", "http://127.0.0.1:9/h");
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 24, 24) });
    case "integer":
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1e9), max: Math.min(s.maximum ?? 1000, 1e9) });
    case "number":
      return fc.double({
        min: s.minimum ?? 0,
        max: Math.min(s.maximum ?? 1e6, 1e9),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "array":
      return depth > 6 ? fc.constant([]) : fc.array(arbitraryOf(doc, s.items ?? {}, depth + 1), { maxLength: 3 });
    default: {
      if (depth > 6) return fc.constant({});
      const props = s.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) {
        if (s.additionalProperties && typeof s.additionalProperties === "object") {
          return fc.dictionary(
            fc.string({ minLength: 1, maxLength: 8 }),
            arbitraryOf(doc, s.additionalProperties, depth + 1),
            { maxKeys: 3 },
          );
        }
        return s.type === "object" ? fc.constant({}) : fc.oneof(fc.string(), fc.integer(), fc.boolean());
      }
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryOf(doc, props[k], depth + 1)])), {
        requiredKeys: s.required ?? [],
      });
    }
  }
}

type Json = unknown;
type Path = (string | number)[];

/** Every path into a JSON value, the root included. */
function pathsOf(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function setAt(value: Json, path: Path, next: Json | typeof DELETE): Json {
  if (path.length === 0) return next === DELETE ? undefined : next;
  const copy = structuredClone(value) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (next === DELETE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}
const DELETE = Symbol("delete");

function deep(levels: number): Json {
  let v: Json = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

export const MUTATIONS = [
  "wrongType",
  "drop",
  "extra",
  "boundary",
  "nul",
  "huge",
  "deep",
  "badEnum",
  "nullify",
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** One mutation of a valid value, at a random place in it. */
export function mutate(value: Json): fc.Arbitrary<{ mutation: Mutation; value: Json }> {
  const paths = pathsOf(value);
  return fc
    .tuple(fc.constantFrom(...MUTATIONS), fc.constantFrom(...paths), fc.integer({ min: 0, max: 6 }))
    .map(([mutation, path, n]) => {
      const current = path.reduce<Json>((node, key) => (node as Record<string | number, Json>)?.[key], value);
      const pick = <T>(xs: readonly T[]) => xs[n % xs.length];
      switch (mutation) {
        case "wrongType":
          return {
            mutation,
            value: setAt(
              value,
              path,
              typeof current === "string" ? pick([42, true, [], {}]) : pick(["text", "", [1], { x: 1 }]),
            ),
          };
        case "drop":
          return { mutation, value: path.length ? setAt(value, path, DELETE) : {} };
        case "extra":
          return {
            mutation,
            value:
              current && typeof current === "object" && !Array.isArray(current)
                ? setAt(value, [...path, "unexpected_field"], pick(["x", 1, null]))
                : setAt(value, path, { unexpected: true }),
          };
        case "boundary":
          return {
            mutation,
            value: setAt(
              value,
              path,
              pick([0, -1, -0.01, 1e308, 2 ** 53 + 1, "1e309", "0.000000001", "99999999999999999999.99"]),
            ),
          };
        case "nul":
          return {
            mutation,
            value: setAt(
              value,
              path,
              pick(["\u0000", "a\u0000b", `${typeof current === "string" ? current : "x"}\u0000`]),
            ),
          };
        case "huge":
          return { mutation, value: setAt(value, path, "x".repeat(pick([300, 70_000, 400_000]))) };
        case "deep":
          return { mutation, value: setAt(value, path, deep(pick([40, 500, 3000]))) };
        case "badEnum":
          return { mutation, value: setAt(value, path, pick(["NOT_A_VALUE", "usd", "sandbox ", "FUNDS_sent"])) };
        case "nullify":
          return { mutation, value: setAt(value, path, null) };
      }
    });
}
