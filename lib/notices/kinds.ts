import { GRANTS, type Permission, type Role } from "@/lib/auth/permissions";

/**
 * The notices the console sends people (issue 64), each on by default: what reaches whom, in
 * words a person chooses by. Browser-safe (the Account page's choices read it). A kind is for the
 * roles that hold its permission (a role sees only the choices that can reach it); one that tells
 * of the person's own security is always sent.
 */
export const NOTICE_KINDS = [
  "approval_waiting",
  "submission_decided",
  "month_locked",
  "report_finished",
  "batch_finished",
  "second_factor_reset",
  "new_device_sign_in",
  "daily_limit_nearly_used",
  "endpoint_failing",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_LABELS: Record<
  NoticeKind,
  { label: string; description: string; permission: Permission; always?: true }
> = {
  approval_waiting: {
    label: "An approval waits for me",
    description: "A held payment or change that my role may approve, with its amount and who asked.",
    permission: "approvals:decide",
  },
  submission_decided: {
    label: "My submission was decided",
    description: "Something I submitted for approval was approved and sent, failed, or was denied.",
    permission: "approvals:decide",
  },
  month_locked: {
    label: "A month was closed or reopened",
    description: "A currency's month was locked for the close, or unlocked again (with why), and by whom.",
    permission: "reconciliation:close",
  },
  report_finished: {
    label: "My report is ready, or failed",
    description: "A report I ran finished, with its rows and checksum, or failed, with why.",
    permission: "reports:run",
  },
  batch_finished: {
    label: "My batch finished",
    description: "A batch I uploaded or submitted finished sending: how many rows went, were refused or failed.",
    permission: "batches:manage",
  },
  second_factor_reset: {
    label: "My two-step verification was reset",
    description: "An administrator removed my authenticator app. Always sent: it tells of my account's security.",
    permission: "account:self",
    always: true,
  },
  new_device_sign_in: {
    label: "A sign-in from a new browser",
    description:
      "Someone signed in to my account from a browser I never signed in from, with where and when. Always sent: it tells of my account's security.",
    permission: "account:self",
    always: true,
  },
  daily_limit_nearly_used: {
    label: "My daily limit is 80% used",
    description: "What I sent today in production reached 80% of my daily limit: what is left, and until when.",
    permission: "disbursement:create",
  },
  endpoint_failing: {
    label: "A webhook endpoint keeps failing",
    description:
      "An endpoint's deliveries have failed for as long as its policy allows (a day by default), or it was turned off for it.",
    permission: "webhooks:manage",
  },
};

/** The kinds that can reach a person of `role`. */
export const noticeKindsFor = (role: Role): NoticeKind[] =>
  NOTICE_KINDS.filter((k) => GRANTS[NOTICE_LABELS[k].permission].includes(role));

export const isNoticeKind = (value: string): value is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(value);

/**
 * Where a person's notice of one kind goes: by email, to their team's chat channel, or nowhere.
 * A kind that is always sent goes by email, whatever is chosen.
 */
export const NOTICE_ROUTES = ["email", "chat", "off"] as const;
export type NoticeRoute = (typeof NOTICE_ROUTES)[number];

/** The chat services a team's channel may be on, each an incoming webhook. */
export const CHAT_SERVICES = ["slack", "teams"] as const;
export type ChatService = (typeof CHAT_SERVICES)[number];
export const CHAT_SERVICE_LABELS: Record<ChatService, string> = { slack: "Slack", teams: "Microsoft Teams" };

/** A team's chat channel as the console shows it: never its URL (the URL is the credential). */
export type NoticeChannelView = { id: string; team: Role; service: ChatService; name: string; host: string };

/** The digest's hours a person may choose, in the merchant's time zone. */
export const DIGEST_HOURS = Array.from({ length: 24 }, (_, h) => h);
