import "server-only";
import { getDatabase } from "@/lib/db/connection";
import { safeError } from "@/lib/observability/safe-error";
import { closeMailer, smtpMailer } from "./mailer";
import { sendDueNotices } from "./send";

/** How often each instance looks for notices due. */
const EVERY_MS = 2_000;

let timer: NodeJS.Timeout | null = null;
let running: Promise<void> | null = null;

/** Starts sending notices from this instance (every instance may: the outbox claims each once). */
export async function startNoticeWorker(): Promise<void> {
  if (timer) return;
  timer = setInterval(() => {
    if (running) return;
    const mail = smtpMailer();
    if (!mail) return;
    running = (async () => {
      const { db } = await getDatabase();
      while ((await sendDueNotices(db, mail)) > 0) {}
    })()
      .catch((error) => console.error("[notices] sending failed:", safeError(error)))
      .finally(() => {
        running = null;
      });
  }, EVERY_MS);
  timer.unref();
}

export async function stopNoticeWorker(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
  closeMailer();
}
