import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Table, TableEmptyRow, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatUtcMinute } from "@/lib/dashboard/format-date";
import { isNoticeKind, NOTICE_LABELS } from "@/lib/notices/kinds";
import type { NoticeLogRow } from "@/lib/notices/store";
import { SendTestNoticeButton } from "./send-test-notice-button";

const STATUS = {
  pending: { tone: "warning", label: "Waiting" },
  sending: { tone: "info", label: "Sending" },
  sent: { tone: "success", label: "Sent" },
  failed: { tone: "danger", label: "Failed" },
  held: { tone: "neutral", label: "Held for digest" },
  digested: { tone: "success", label: "In a digest" },
} as const;

/**
 * The administrators' view of notices (issue 64): where they are mailed, and the newest ones with
 * what became of each (sent, waiting for its next attempt and why, failed). Never a body.
 */
export function NoticesLogCard({ server, notices }: { server: string | null; notices: NoticeLogRow[] }) {
  return (
    <Card
      className="mt-6"
      title="Notices"
      description={
        server
          ? `Mailed through ${server}, or posted to a team's chat channel, from the outbox: each once, retried while the server is away.`
          : "No SMTP server is configured (SMTP_URL): mails wait in the outbox until one is; chat messages still go."
      }
      actions={<SendTestNoticeButton disabled={server === null} />}
      data-testid="notices-log"
    >
      <Table caption="The newest notices">
        <THead>
          <TR>
            <TH>Queued (UTC)</TH>
            <TH>To</TH>
            <TH>Notice</TH>
            <TH>Status</TH>
            <TH numeric>Attempts</TH>
          </TR>
        </THead>
        <TBody>
          {notices.length === 0 ? (
            <TableEmptyRow colSpan={5}>
              No notice yet. One is queued when an approval waits, or a submission is decided.
            </TableEmptyRow>
          ) : (
            notices.map((n) => (
              <TR key={n.id}>
                <TD className="whitespace-nowrap">{formatUtcMinute(n.created_at)}</TD>
                <TD className="break-all">{n.email ?? n.channel ?? "(a removed channel)"}</TD>
                <TD>
                  <span className="block font-medium text-slate-900">{n.subject}</span>
                  <span className="text-xs text-slate-500">
                    {isNoticeKind(n.kind) ? NOTICE_LABELS[n.kind].label : n.kind === "digest" ? "Daily digest" : n.kind}
                  </span>
                </TD>
                <TD>
                  <Badge tone={STATUS[n.status].tone} dot>
                    {STATUS[n.status].label}
                  </Badge>
                  {n.status === "pending" && n.last_error ? (
                    <span className="mt-1 block text-xs text-slate-500">
                      Next attempt {formatUtcMinute(n.next_attempt_at)}: {n.last_error}
                    </span>
                  ) : n.status === "failed" && n.last_error ? (
                    <span className="mt-1 block text-xs text-red-700">{n.last_error}</span>
                  ) : null}
                </TD>
                <TD numeric>{n.attempts}</TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
    </Card>
  );
}
