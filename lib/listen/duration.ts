/**
 * Durations as people type them on a command line: `90s`, `30m`, `2h`, `30d`. Browser-safe and
 * server-free: the CLI (`--since`), `npm run tokens` (`--expires`) and the routes read them alike.
 */
const UNIT_SECONDS = { s: 1, m: 60, h: 3_600, d: 86_400 } as const;

/** Seconds in `text`, or an error naming what is accepted. */
export function parseDuration(
  text: string,
  most: { seconds: number; label: string },
): { ok: true; seconds: number } | { ok: false; message: string } {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!match)
    return { ok: false, message: `"${text}" is not a duration: write a number and a unit, like 90s, 30m, 2h or 30d.` };
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  if (seconds <= 0) return { ok: false, message: "The duration must be more than zero." };
  if (seconds > most.seconds) return { ok: false, message: `At most ${most.label}.` };
  return { ok: true, seconds };
}

/** How far back a listener may catch up or replay: the listen receiver keeps a day. */
export const CATCH_UP = { seconds: 86_400, label: "24h" } as const;
/** How long a personal access token may live, and how long it lives unless told. */
export const TOKEN_LIFETIME = { most: { seconds: 365 * 86_400, label: "365d" }, defaultSeconds: 30 * 86_400 } as const;
