/**
 * The notices the console sends people (issue 64), each on by default: what reaches whom, in
 * words a person chooses by. Browser-safe (the Account page's choices read it).
 */
export const NOTICE_KINDS = ["approval_waiting", "submission_decided"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_LABELS: Record<NoticeKind, { label: string; description: string }> = {
  approval_waiting: {
    label: "An approval waits for me",
    description: "A held payment or change that my role may approve, with its amount and who asked.",
  },
  submission_decided: {
    label: "My submission was decided",
    description: "Something I submitted for approval was approved and sent, failed, or was denied.",
  },
};

export const isNoticeKind = (value: string): value is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(value);
