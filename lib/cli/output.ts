import type { ForwardResult } from "./forward";

/**
 * What the CLI prints. One line per delivery on stdout (text, or one JSON object with
 * --format ndjson, for CI); everything else (ready, reconnecting, errors) on stderr, so stdout
 * stays one record per delivery.
 */
export type DeliveryRecord = {
  time: string;
  seq: number;
  event_type: string | null;
  event_id: string | null;
  status: number | null;
  duration_ms: number;
  ok: boolean;
  verdict: string;
};

export function deliveryRecord(
  frame: { seq: number; event_type: string | null; event_id: string | null },
  result: ForwardResult,
  at = new Date(),
): DeliveryRecord {
  return {
    time: at.toISOString(),
    seq: frame.seq,
    event_type: frame.event_type,
    event_id: frame.event_id,
    status: result.status,
    duration_ms: result.durationMs,
    ok: result.ok,
    verdict: result.verdict,
  };
}

export function formatDelivery(record: DeliveryRecord, format: "text" | "ndjson", color: boolean): string {
  if (format === "ndjson") return JSON.stringify(record);
  const time = record.time.slice(0, 19).replace("T", " ");
  const status = record.status === null ? "---" : String(record.status);
  const mark = record.ok ? paint("✔", "32", color) : paint("✖", "31", color);
  const verdict = record.ok ? "" : `  ${paint(record.verdict, "31", color)}`;
  return `${time}  ${mark} ${status}  ${String(record.duration_ms).padStart(5)} ms  ${(record.event_type ?? "(no type)").padEnd(28)} ${record.event_id ?? ""}${verdict}`;
}

const paint = (text: string, code: string, color: boolean) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
