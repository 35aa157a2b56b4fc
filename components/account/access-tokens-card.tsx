import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import type { AccessTokenView } from "@/lib/listen/types";
import { CreateTokenDialog } from "./create-token-dialog";
import { ListenQuickStart } from "./listen-quick-start";
import { RevokeTokenButton } from "./revoke-token-button";
import { formatMinute } from "@/lib/dashboard/format-date";

const when = formatMinute;

function state(token: AccessTokenView, now: number) {
  if (token.revokedAt)
    return (
      <Badge tone="muted" dot title={`Revoked ${when(token.revokedAt)}`}>
        Revoked
      </Badge>
    );
  if (Date.parse(token.expiresAt) <= now)
    return (
      <Badge tone="muted" dot>
        Expired
      </Badge>
    );
  return (
    <Badge tone="success" dot>
      Active
    </Badge>
  );
}

/** The Account page's personal access tokens (roles that may listen only): make, list, revoke. */
export function AccessTokensCard({ tokens, origin, now }: { tokens: AccessTokenView[]; origin: string; now: number }) {
  return (
    <Card
      title="Personal access tokens"
      description="For settlement-console listen and trigger: your sandbox webhooks on your laptop. Scoped to sandbox, expiring, revocable; the console keeps only a hash."
      actions={<CreateTokenDialog origin={origin} />}
      data-testid="access-tokens"
    >
      <div className="space-y-5">
        <DataTable
          caption="Your personal access tokens"
          columns={[
            { header: "Name", className: "font-medium text-slate-900", cell: (t) => t.name },
            { header: "Token", className: "font-mono text-xs text-slate-600", cell: (t) => `${t.prefix}…` },
            { header: "Expires", className: "whitespace-nowrap text-slate-500", cell: (t) => when(t.expiresAt) },
            {
              header: "Last used",
              className: "whitespace-nowrap text-slate-500",
              cell: (t) => (t.lastUsedAt ? when(t.lastUsedAt) : "Never"),
            },
            { header: "Status", cell: (t) => state(t, now) },
            {
              header: <span className="sr-only">Actions</span>,
              headerClassName: "text-right",
              className: "text-right",
              cell: (t) =>
                t.revokedAt || Date.parse(t.expiresAt) <= now ? null : <RevokeTokenButton id={t.id} name={t.name} />,
            },
          ]}
          rows={tokens}
          rowTestId="token-row"
          rowProps={(t) => ({ "data-name": t.name })}
          empty="No tokens yet. Create one to forward sandbox webhooks to your laptop."
        />
        <ListenQuickStart origin={origin} />
      </div>
    </Card>
  );
}
