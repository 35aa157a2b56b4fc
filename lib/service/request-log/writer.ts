import "server-only";
import type { Db } from "@/lib/db/database";
import { insertRequestLogs, type RequestLogRow } from "../store/request-logs";

/** Entries waiting at most; past this, new entries are dropped and counted (decision D11.2). */
export const MAX_BUFFERED = 2_000;
/**
 * At most one batch per tick: the log never takes more than ~400 writes a second from the
 * database the API needs (a production key's limit is 1,000 calls a minute, ~17 a second).
 */
const BATCH = 200;
/** How long an entry waits for company before its batch is written ("within a second"). */
const FLUSH_MS = 500;

let drops = 0;

/** Entries dropped by every writer of this process since it started (a metric). */
export function requestLogDrops(): number {
  return drops;
}

/**
 * Writes request-log entries off the request path: `push` only appends to a bounded buffer, and
 * a timer writes what gathered in batches of one multi-row INSERT. A full buffer, or a batch the
 * database refused, drops entries (counted) rather than slow an answer down.
 */
export class RequestLogWriter {
  private buffer: RequestLogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** False when the buffer is full: the caller counts a drop without building the entry. */
  hasRoom(): boolean {
    if (this.buffer.length < MAX_BUFFERED) return true;
    drops++;
    return false;
  }

  push(row: RequestLogRow): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      drops++;
      return;
    }
    this.buffer.push(row);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.buffer.length === 0) return;
    this.timer = setTimeout(() => void this.writeBatches(1), FLUSH_MS);
    this.timer.unref?.();
  }

  /** Writes everything buffered now (tests and shutdown call it; the timer writes one batch a tick). */
  flush(): Promise<void> {
    return this.writeBatches(Number.POSITIVE_INFINITY);
  }

  private writeBatches(max: number): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = (this.flushing ?? Promise.resolve()).then(() => this.drain(max));
    const mine = run.finally(() => {
      if (this.flushing === mine) this.flushing = null;
      this.schedule();
    });
    this.flushing = mine;
    return mine;
  }

  private async drain(max: number): Promise<void> {
    for (let n = 0; n < max && this.buffer.length > 0; n++) {
      const batch = this.buffer.splice(0, BATCH);
      try {
        await insertRequestLogs(this.db, batch);
      } catch (error) {
        drops += batch.length;
        // Never the driver's message: it quotes the statement's parameters, i.e. the bodies.
        const cause = (error as { cause?: { message?: string; code?: string } }).cause;
        console.error(
          `[service] request log: ${batch.length} entries dropped (${cause?.code ?? cause?.message?.slice(0, 80) ?? "write failed"})`,
        );
      }
    }
  }
}

const writers = new WeakMap<Db, RequestLogWriter>();

/** The writer of one database handle (one per process and database). */
export function requestLogWriter(db: Db): RequestLogWriter {
  let w = writers.get(db);
  if (!w) {
    w = new RequestLogWriter(db);
    writers.set(db, w);
  }
  return w;
}
