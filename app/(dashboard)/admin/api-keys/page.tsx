import { Link } from "@/components/ui/link";
import { CreateApiKeyDialog } from "@/components/admin/lazy-dialogs";
import { RevokeKeyButton } from "@/components/admin/revoke-key-button";
import { NotAllowed } from "@/components/auth/not-allowed";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { DataTable } from "@/components/ui/data-table";
import { requireActor } from "@/lib/auth/guard";
import { parseEnvironment } from "@/lib/dashboard/environment-schema";
import { cn } from "@/lib/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { ArchiveIcon } from "@/components/ui/icons";
import { connectionFor } from "@/lib/settlement-api/config";
import { keyAdminFor } from "@/lib/settlement-api/key-admin";
import { formatMinute } from "@/lib/dashboard/format-date";

export const metadata = { title: "API keys" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ApiKeysPage({ searchParams }: { searchParams: SearchParams }) {
  const gate = await requireActor({ permission: "keys:manage", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators see and manage API keys." />;

  const params = await searchParams;
  const environment = parseEnvironment(params.environment);
  const prefix = typeof params.prefix === "string" ? params.prefix.trim().slice(0, 40) : "";
  // Embedded: this console's database. Remote with SERVICE_ADMIN_TOKEN: the service's admin API (404: not offered there).
  const listed = await keyAdminFor(environment).list(prefix || undefined);
  const managedHere = listed.ok;
  const keys = listed.ok ? listed.data : [];
  const remoteProblem = !listed.ok && listed.code === "admin_api_failed" ? listed.message : null;

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys of this console's account for the settlement API. Only a hash and the first 14 characters are kept."
        actions={managedHere ? <CreateApiKeyDialog environment={environment} /> : undefined}
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav
          aria-label="Environment"
          className="flex gap-1 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset"
        >
          {(["sandbox", "production"] as const).map((env) => (
            <Link
              key={env}
              href={`/admin/api-keys?environment=${env}`}
              aria-current={env === environment ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-xs font-semibold",
                env === environment
                  ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200"
                  : "text-slate-600 hover:text-slate-900",
              )}
            >
              {env === "sandbox" ? "Sandbox" : "Production"}
            </Link>
          ))}
        </nav>
        {managedHere ? (
          // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we serve; a form with role=search is the same landmark
          <form className="flex items-center gap-2" role="search">
            <input type="hidden" name="environment" value={environment} />
            <label htmlFor="prefix" className="sr-only">
              Find by prefix
            </label>
            <Input
              id="prefix"
              name="prefix"
              defaultValue={prefix}
              placeholder={environment === "sandbox" ? "sk_test_…" : "sk_live_…"}
              className="w-56 font-mono"
              spellCheck={false}
            />
            <button type="submit" className={buttonClasses({ variant: "secondary" })}>
              Find
            </button>
          </form>
        ) : null}
      </div>
      {remoteProblem ? (
        <ErrorState className="mb-4" title="The service's keys could not be read" message={remoteProblem} />
      ) : null}
      {managedHere ? (
        <DataTable
          caption={`${environment} API keys`}
          columns={[
            { header: "Prefix", className: "font-mono text-xs text-slate-900", cell: (key) => `${key.prefix}…` },
            {
              header: "Label",
              cell: (key) => (
                <>
                  {key.label ?? <span className="text-slate-500">—</span>}
                  {key.usedByConsole ? (
                    <Badge tone="accent" className="ml-2">
                      Used by this console
                    </Badge>
                  ) : null}
                </>
              ),
            },
            {
              header: "Created",
              className: "whitespace-nowrap text-slate-500",
              cell: (key) => formatMinute(key.createdAt),
            },
            {
              header: "Status",
              cell: (key) =>
                key.revokedAt ? (
                  <Badge tone="muted" dot title={`Revoked ${formatMinute(key.revokedAt)}`}>
                    Revoked
                  </Badge>
                ) : (
                  <Badge tone="success" dot>
                    Active
                  </Badge>
                ),
            },
            {
              header: <span className="sr-only">Actions</span>,
              headerClassName: "text-right",
              className: "text-right",
              cell: (key) =>
                key.revokedAt || key.usedByConsole ? null : (
                  <RevokeKeyButton id={key.id} prefix={key.prefix} environment={environment} />
                ),
            },
          ]}
          rows={keys}
          rowTestId="key-row"
          rowProps={(key) => ({ "data-prefix": key.prefix })}
          empty={prefix ? `No ${environment} key starts with “${prefix}”.` : `No ${environment} keys yet.`}
        />
      ) : (
        <EmptyState
          icon={<ArchiveIcon className="size-5" />}
          title={`${environment === "sandbox" ? "Sandbox" : "Production"} keys are managed where the service runs`}
        >
          This console calls a remote service at <span className="font-mono">{connectionFor(environment).baseUrl}</span>
          , which keeps its own keys: make and revoke them there (on a service started with{" "}
          <span className="font-mono">npm run service</span>: <span className="font-mono">npm run keys</span>), then
          give this console its key in <span className="font-mono">SETTLEMENT_{environment.toUpperCase()}_API_KEY</span>
          .
        </EmptyState>
      )}
    </>
  );
}
