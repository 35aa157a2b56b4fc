/**
 * No secret in the request log (docs/decisions/ D11.4, D11.6): entries
 * written before the log cut credentials are cut the same way the writer now cuts them
 * (`lib/service/request-log/entry.ts`): a `secret` field and any `whsec_…` to its first 10
 * characters, an API key to its key_prefix (14), an inbox URL's id to 6; each followed by `…`.
 */
const CUT = (column: string) => `regexp_replace(regexp_replace(regexp_replace(regexp_replace(${column},
    '"secret"(\\s*):(\\s*)"([^"\\\\]{0,10})[^"]*"', '"secret"\\1:\\2"\\3…"', 'g'),
    '(whsec_[A-Za-z0-9_+/=-]{4})[A-Za-z0-9_+/=-]+', '\\1…', 'g'),
    '(sk_(test|live)_[A-Za-z0-9_-]{6})[A-Za-z0-9_-]+', '\\1…', 'g'),
    '(/inbox/[A-Za-z0-9_-]{6})[A-Za-z0-9_-]{2,}', '\\1…', 'g')`;
const HOLDS = (column: string) => `${column} ~ '"secret"|whsec_|sk_(test|live)_|/inbox/'`;

export const sql = /* sql */ `
UPDATE request_logs SET
  request_body = ${CUT("request_body")},
  response_body = ${CUT("response_body")},
  query = ${CUT("query")},
  path = ${CUT("path")}
WHERE ${HOLDS("request_body")} OR ${HOLDS("response_body")} OR ${HOLDS("query")} OR ${HOLDS("path")};
`;
