import "server-only";
import { repeatEvery } from "@/lib/async/every";
import { getDatabase } from "@/lib/db/connection";
import { safeError } from "@/lib/observability/safe-error";
import { closeMailer, smtpMailer } from "./mailer";
import { postToChannel } from "./chat";
import { gatherDigests } from "./digest";
import { sendDueNotices } from "./send";

/** How often each instance looks for notices due, and for digests whose hour has come. */
const EVERY_MS = 2_000;
const DIGESTS_EVERY_MS = 30_000;
let lastGathered = 0;

let worker: { stop(): Promise<void> } | null = null;

/** Starts sending notices from this instance (every instance may: the outbox claims each once). */
export async function startNoticeWorker(): Promise<void> {
  worker ??= repeatEvery(
    EVERY_MS,
    async () => {
      const { db } = await getDatabase();
      if (Date.now() - lastGathered >= DIGESTS_EVERY_MS) {
        lastGathered = Date.now();
        await gatherDigests(db, new Date());
      }
      const senders = { mail: smtpMailer(), chat: postToChannel };
      while ((await sendDueNotices(db, senders)) > 0) {}
    },
    (error) => console.error("[notices] sending failed:", safeError(error)),
  );
}

export async function stopNoticeWorker(): Promise<void> {
  await worker?.stop();
  worker = null;
  closeMailer();
}
