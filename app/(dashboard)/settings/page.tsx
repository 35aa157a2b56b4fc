import { ConnectionTest } from "@/components/settings/connection-test";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ArrowRightIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { describeConnections } from "@/lib/settlement-api";
import { NoticesLogCard } from "@/components/notices/notices-log-card";
import { consoleRead } from "@/lib/auth/console-read";
import { smtpServerShown } from "@/lib/notices/mailer";
import { listNoticeChannels, listNotices } from "@/lib/notices/store";
import { NoticeChannelsCard } from "@/components/notices/notice-channels-card";

export const metadata = { title: "Settings" };

const VARS = {
  sandbox: { url: "SETTLEMENT_SANDBOX_BASE_URL", key: "SETTLEMENT_SANDBOX_API_KEY" },
  production: { url: "SETTLEMENT_PRODUCTION_BASE_URL", key: "SETTLEMENT_PRODUCTION_API_KEY" },
} as const;

/** Where the console sends API calls, whether each key is set (never the key), a live test. */
export default async function SettingsPage() {
  const current = await getEnvironment();
  const connections = describeConnections();
  // The notices' log is the administrators' (a role sees only what it can use).
  const admin = await consoleRead({ permission: "users:manage", environment: null });
  const [notices, channels] = admin.ok
    ? await Promise.all([listNotices(admin.db), listNoticeChannels(admin.db)])
    : [null, null];
  return (
    <>
      <PageHeader
        title="Settings"
        description="Where the console sends API calls for each environment. Keys stay on the server; this page only says whether one is set."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {connections.map((c) => {
          const openapi = c.embedded ? "/v0/openapi.json" : `${c.baseUrl}/v0/openapi.json`;
          return (
            <Card
              key={c.environment}
              title={<span className="capitalize">{c.environment}</span>}
              description={c.embedded ? "The service embedded in this app" : "A remote settlement API"}
              actions={c.environment === current ? <Badge tone="accent">In use</Badge> : null}
              data-testid={`connection-${c.environment}`}
            >
              <dl className="space-y-4">
                <div>
                  <dt className="text-xs font-medium text-slate-500">Base URL</dt>
                  <dd className="mt-0.5 font-mono text-sm break-all text-slate-900" data-testid="base-url">
                    {c.baseUrl}
                  </dd>
                  <dd className="mt-0.5 text-xs text-slate-500">
                    {c.embedded ? (
                      <>
                        Default (the app&apos;s own origin). Set{" "}
                        <code className="font-mono">{VARS[c.environment].url}</code> to use another.
                      </>
                    ) : (
                      <>
                        From <code className="font-mono">{VARS[c.environment].url}</code>.
                      </>
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-medium text-slate-500">API key</dt>
                  <dd className="mt-1" data-testid="key-status">
                    {c.keySet ? (
                      <Badge tone="success" dot>
                        Set
                      </Badge>
                    ) : (
                      <Badge tone="danger" dot>
                        Not set
                      </Badge>
                    )}
                    <span className="ml-2 text-xs text-slate-500">
                      <code className="font-mono">{VARS[c.environment].key}</code> on the server; never sent to the
                      browser.
                    </span>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-medium text-slate-500">API reference</dt>
                  <dd className="mt-0.5">
                    <a
                      href={openapi}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline"
                      data-testid="openapi-link"
                    >
                      OpenAPI 3.0 document <ArrowRightIcon className="size-3.5" />
                    </a>
                  </dd>
                </div>
              </dl>
              <div className="mt-4 border-t border-slate-100 pt-4">
                <ConnectionTest environment={c.environment} disabled={!c.keySet} />
              </div>
            </Card>
          );
        })}
      </div>
      {channels ? <NoticeChannelsCard channels={channels} /> : null}
      {notices ? <NoticesLogCard server={smtpServerShown()} notices={notices} /> : null}
    </>
  );
}
