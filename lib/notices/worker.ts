import "server-only";
import { repeatEvery } from "@/lib/async/every";
import { getDatabase } from "@/lib/db/connection";
import { safeError } from "@/lib/observability/safe-error";
import { closeMailer, smtpMailer } from "./mailer";
import { sendDueNotices } from "./send";

/** How often each instance looks for notices due. */
const EVERY_MS = 2_000;

let worker: { stop(): Promise<void> } | null = null;

/** Starts sending notices from this instance (every instance may: the outbox claims each once). */
export async function startNoticeWorker(): Promise<void> {
  worker ??= repeatEvery(
    EVERY_MS,
    async () => {
      const mail = smtpMailer();
      if (!mail) return;
      const { db } = await getDatabase();
      while ((await sendDueNotices(db, mail)) > 0) {}
    },
    (error) => console.error("[notices] sending failed:", safeError(error)),
  );
}

export async function stopNoticeWorker(): Promise<void> {
  await worker?.stop();
  worker = null;
  closeMailer();
}
