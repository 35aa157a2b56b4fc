import "server-only";
import { MAX_PAGE_SIZE } from "@/lib/schemas/list";
import type { ApiResult } from "./result";

/** A created-at window of a list and its page: `created_to` a date (its whole day) or an exclusive instant. */
export type Window = { created_from: string; created_to: string; page: number; page_size: number };
type Page<T> = { data: T[] };

/** Waits this long at most when the API gives no Retry-After; gives up after this many 429s in a row. */
const DEFAULT_WAIT_SECONDS = 1;
const MAX_WAIT_SECONDS = 60;
const MAX_RATE_LIMITED = 12;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Every row of a newest-first list (created_at desc, then id desc) in a created-at window, read
 * through the API's own pages without ever asking for a deep page (decisions D24.10). Each call
 * asks for the first page of a window whose end moves down to the oldest row seen (the end is
 * exclusive, so it is set one millisecond past that row and the rows of that millisecond
 * already given are skipped; a page full of one millisecond asks for the next page of the same
 * window). A million rows cost their 10,000 calls and no more: an OFFSET would make the last
 * ones read the whole month, and each call's count comes from the running counts.
 *
 * A 429 waits for its Retry-After and asks again (the report shares the key's rate limit with
 * everyone else); any other failure ends the report with the service's words.
 */
export async function* newestFirst<T extends { id: string; created_at: string }>(
  read: (window: Window) => Promise<ApiResult<Page<T>>>,
  from: string,
  to: string,
  options: { pageSize?: number; sleep?: (ms: number) => Promise<void> } = {},
): AsyncGenerator<T> {
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const wait = options.sleep ?? sleep;
  let end = to;
  let page = 1;
  // The ids already given from the millisecond the window now ends in.
  let given = new Set<string>();
  let limited = 0;
  for (;;) {
    const result = await read({ created_from: from, created_to: end, page, page_size: pageSize });
    if (!result.ok) {
      const error = result.error;
      if (error.kind === "api" && error.status === 429 && ++limited <= MAX_RATE_LIMITED) {
        const seconds = Math.min(MAX_WAIT_SECONDS, error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS);
        await wait(Math.max(0, seconds) * 1000);
        continue;
      }
      throw new Error(`The service answered: ${error.message}`);
    }
    limited = 0;
    const rows = result.data.data;
    // The window only moves down if the list is newest first: a service that lists otherwise
    // would give rows again and again, so it ends the report instead.
    for (let i = 1; i < rows.length; i++)
      if (Date.parse((rows[i] as T).created_at) > Date.parse((rows[i - 1] as T).created_at))
        throw new Error("The service's list is not newest first: the report cannot page through it.");
    for (const row of rows) if (!given.has(row.id)) yield row;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1] as T;
    const lastMs = Date.parse(last.created_at);
    const nextEnd = new Date(lastMs + 1).toISOString();
    const ofLastMs = rows.filter((r) => Date.parse(r.created_at) === lastMs).map((r) => r.id);
    if (nextEnd === end) {
      // The whole page was one millisecond: the same window's next page.
      page++;
      for (const id of ofLastMs) given.add(id);
    } else {
      end = nextEnd;
      page = 1;
      given = new Set(ofLastMs);
    }
  }
}
