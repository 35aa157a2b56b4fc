/**
 * An API call as a snippet anyone may paste, as curl or as JavaScript `fetch`: the key is a
 * placeholder (a shell variable, an environment variable), never the key itself. Used by the
 * request log (calls as they were logged) and by the forms' "As an API call". Browser-safe and pure.
 */
export const KEY_PLACEHOLDER = "$SETTLEMENT_API_KEY";
const KEY_IN_JS = "process.env.SETTLEMENT_API_KEY";

export type SnippetCall = {
  baseUrl: string;
  method: string;
  path: string;
  query?: string;
  idempotencyKey?: string | null;
  /** A value is sent as JSON; a string is sent as it is (a logged body). */
  body?: unknown;
  /** Indent the JSON body for reading (the forms); the request log keeps the exact bytes. */
  pretty?: boolean;
};

const shellQuote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
const urlOf = (call: SnippetCall) => `${call.baseUrl}${call.path}${call.query ? `?${call.query}` : ""}`;
const hasBody = (call: SnippetCall) => call.body !== null && call.body !== undefined;
const bodyText = (call: SnippetCall) =>
  typeof call.body === "string" ? call.body : JSON.stringify(call.body, null, call.pretty ? 2 : undefined);

export function curlFor(call: SnippetCall): string {
  const lines = [`curl -X ${call.method} ${shellQuote(urlOf(call))}`, `  -H "X-Api-Key: ${KEY_PLACEHOLDER}"`];
  if (hasBody(call)) lines.push(`  -H 'Content-Type: application/json'`);
  if (call.idempotencyKey) lines.push(`  -H ${shellQuote(`Idempotency-Key: ${call.idempotencyKey}`)}`);
  if (hasBody(call)) lines.push(`  --data ${shellQuote(bodyText(call))}`);
  return lines.join(" \\\n");
}

/** The same call for Node 18+ or a browser: `fetch`, the key from the environment, the answer printed. */
export function fetchFor(call: SnippetCall): string {
  const headers = [`    "X-Api-Key": ${KEY_IN_JS},`];
  if (hasBody(call)) headers.push(`    "Content-Type": "application/json",`);
  if (call.idempotencyKey) headers.push(`    "Idempotency-Key": ${JSON.stringify(call.idempotencyKey)},`);
  const options = [`  method: ${JSON.stringify(call.method)},`, "  headers: {", ...headers, "  },"];
  if (hasBody(call)) {
    const json = typeof call.body === "string" ? call.body : JSON.stringify(call.body, null, 2);
    // A parsed value is written as a JS literal, indented under `body:`; a logged string as it was.
    options.push(
      typeof call.body === "string"
        ? `  body: ${JSON.stringify(json)},`
        : `  body: JSON.stringify(${json.replaceAll("\n", "\n  ")}),`,
    );
  }
  return [
    `const response = await fetch(${JSON.stringify(urlOf(call))}, {`,
    ...options,
    "});",
    "console.log(response.status, await response.text());",
  ].join("\n");
}
