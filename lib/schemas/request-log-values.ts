/**
 * The request log's plain values (no schema library), for pages and components that only show
 * or filter entries: the Request log page does not ship zod (issue 45). The schemas are in
 * request-log.ts, which re-exports these.
 */
export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export const LOGGED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The User-Agent the console's own calls carry: the Request log hides them unless asked. */
export const CONSOLE_USER_AGENT_PREFIX = "settlement-console/";
