/**
 * A logged API call as a curl command anyone may paste: the key is a shell variable
 * placeholder, never the key itself. Browser-safe and pure.
 */
export const KEY_PLACEHOLDER = "$SETTLEMENT_API_KEY";

const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export function curlFor(call: {
  baseUrl: string;
  method: string;
  path: string;
  query?: string;
  idempotencyKey?: string | null;
  body?: unknown;
}): string {
  const url = `${call.baseUrl}${call.path}${call.query ? `?${call.query}` : ""}`;
  const lines = [`curl -X ${call.method} ${quote(url)}`, `  -H "X-Api-Key: ${KEY_PLACEHOLDER}"`];
  const hasBody = call.body !== null && call.body !== undefined;
  if (hasBody) lines.push(`  -H 'Content-Type: application/json'`);
  if (call.idempotencyKey) lines.push(`  -H ${quote(`Idempotency-Key: ${call.idempotencyKey}`)}`);
  if (hasBody) lines.push(`  --data ${quote(typeof call.body === "string" ? call.body : JSON.stringify(call.body))}`);
  return lines.join(" \\\n");
}
