/** What the trail check found (lib/audit-log/trail-check.ts), and how it is said. Browser-safe. */
export type TrailCheck = {
  checked: number;
  /** Trail rows whose log entry says otherwise: edited in the database. */
  differing: Array<{ id: string; seq: number }>;
  /** Trail rows written before the log began (no entry, and none expected). */
  missing: number;
  /** Trail rows written since the log began that have no entry: added in the database, or their entry deleted. */
  unlogged: Array<{ id: string }>;
  /** Log entries whose trail row is gone, though neither retention nor the noise cap removed it. */
  orphaned: Array<{ id: string; seq: number }>;
  /** Log entries whose text is gone inside the retention: nulled in the database. */
  nulled: Array<{ id: string; seq: number }>;
};

/** Whether a trail check found any tampering. */
export const trailTampered = (t: TrailCheck) =>
  t.differing.length + t.unlogged.length + t.orphaned.length + t.nulled.length > 0;

/** What a trail check found, in one sentence: the tampering, or that the rows match. */
export function trailWords(t: TrailCheck): string {
  const parts = [
    t.differing.length > 0
      ? `${t.differing.length} trail row(s) differ from their log entry (first: entry ${t.differing[0]?.seq}, ${t.differing[0]?.id}): edited in the database`
      : "",
    t.unlogged.length > 0
      ? `${t.unlogged.length} trail row(s) written since the log began have no log entry (first: ${t.unlogged[0]?.id})`
      : "",
    t.orphaned.length > 0
      ? `${t.orphaned.length} log entr${t.orphaned.length === 1 ? "y" : "ies"} lost their trail row (first: entry ${t.orphaned[0]?.seq}, ${t.orphaned[0]?.id}): deleted in the database`
      : "",
    t.nulled.length > 0
      ? `${t.nulled.length} log entr${t.nulled.length === 1 ? "y" : "ies"} lost their text inside the retention (first: entry ${t.nulled[0]?.seq}, ${t.nulled[0]?.id})`
      : "",
  ].filter(Boolean);
  if (parts.length > 0) return `${parts.join("; ")}.`;
  return `${t.checked.toLocaleString("en-US")} trail rows match their log entries${t.missing > 0 ? `; ${t.missing} were written before the log began` : ""}.`;
}
