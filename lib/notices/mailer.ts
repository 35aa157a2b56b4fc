import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import type { Mailer } from "./send";

let transport: Transporter | null = null;

/**
 * The console's mailer (issue 64): SMTP_URL through nodemailer, from NOTICE_FROM; each mail's
 * Message-ID is its notice's id, so a mail sent again after a crash is the same mail to a client.
 * Null when no SMTP server is configured (notices wait in the outbox, and the log says why).
 */
export function smtpMailer(): Mailer | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  transport ??= createTransport(url);
  const from = env().NOTICE_FROM;
  return async (mail) => {
    await (transport as Transporter).sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: `<${mail.id}@settlement-console>`,
    });
  };
}

/** Where the notices go, without its credentials: "smtp://mail.example.com:587", or null. */
export function smtpServerShown(): string | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
  } catch {
    return "(not a URL)";
  }
}

export function closeMailer(): void {
  transport?.close();
  transport = null;
}
