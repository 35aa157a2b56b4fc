import "server-only";
import { asc, eq } from "drizzle-orm";
import { consoleUsers } from "@/lib/auth/schema";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";

/**
 * How long a person waits before approving production submissions (issue 43's rule, issue 59's
 * exemption, decisions D19.13): someone added less than APPROVER_MIN_AGE_HOURS ago waits (an
 * account made this morning, say by the submitter, approves nothing), except the team present at
 * set-up: people added within that many hours of the console's first person. Without it nobody,
 * the first administrator included, could approve production for a day.
 */
export type ApproverWait = {
  /** When this person may approve production, or null: they may now. */
  until: Date | null;
  /** Added in the set-up window, so exempt from the wait. */
  setUpTeam: boolean;
  /** The rule in hours (0: no wait). */
  hours: number;
  /** When the set-up window ends (people added before then are exempt). */
  setUpEnds: Date | null;
};

export async function approverWait(db: Executor, userId: string, now = Date.now()): Promise<ApproverWait> {
  const hours = env().APPROVER_MIN_AGE_HOURS;
  if (hours <= 0) return { until: null, setUpTeam: false, hours, setUpEnds: null };
  const [[person], [first]] = await Promise.all([
    db.select({ createdAt: consoleUsers.createdAt }).from(consoleUsers).where(eq(consoleUsers.id, userId)).limit(1),
    db.select({ createdAt: consoleUsers.createdAt }).from(consoleUsers).orderBy(asc(consoleUsers.createdAt)).limit(1),
  ]);
  if (!person) return { until: new Date(8.64e15), setUpTeam: false, hours, setUpEnds: null };
  return waitOf(person.createdAt, first?.createdAt ?? null, hours, now);
}

/** The wait of a person added at `added`, on a console whose first person was added at `first`. */
export function waitOf(added: Date, first: Date | null, hours: number, now = Date.now()): ApproverWait {
  if (hours <= 0) return { until: null, setUpTeam: false, hours, setUpEnds: null };
  const setUpEnds = first ? new Date(first.getTime() + hours * 3_600_000) : null;
  const setUpTeam = setUpEnds !== null && added.getTime() < setUpEnds.getTime();
  const from = added.getTime() + hours * 3_600_000;
  return { until: setUpTeam || from <= now ? null : new Date(from), setUpTeam, hours, setUpEnds };
}
