import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { ArchiveIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { outline, type Operation } from "@/lib/dashboard/openapi-outline";
import { connectionFor } from "@/lib/settlement-api";
import { serviceFetch } from "@/lib/settlement-api/service-fetch";
import { CodeBlock } from "@/components/ui/code-block";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata = { title: "API reference" };

const METHOD_TONE = { GET: "info", POST: "success", PUT: "warning", PATCH: "warning", DELETE: "danger" } as const;

/**
 * The API reference, rendered on the server from the service's own /v0/openapi.json (the same
 * zod schemas that validate requests): no CDN, no client script, nothing added to other routes.
 */
export default async function ApiReferencePage() {
  const environment = await getEnvironment();
  const connection = connectionFor(environment);
  const base = connection.baseUrl;
  let document: unknown = null;
  try {
    const res = await serviceFetch(
      connection,
      new Request(`${base}/v0/openapi.json`, { signal: AbortSignal.timeout(5_000) }),
    );
    if (res.ok) document = await res.json();
  } catch {
    document = null;
  }
  if (!document) {
    return (
      <>
        <PageHeader title="API reference" />
        <EmptyState icon={<ArchiveIcon className="size-5" />} title="The service's OpenAPI document could not be read">
          {base}/v0/openapi.json did not answer. The reference is rendered from it.
        </EmptyState>
      </>
    );
  }
  const o = outline(document);
  return (
    <>
      <PageHeader
        title="API reference"
        description={`${o.title} ${o.version}: every operation, from ${base}/v0/openapi.json.`}
      />
      <p className="mb-6 max-w-3xl text-sm text-slate-600">{o.description}</p>
      <nav aria-label="Sections" className="mb-8 flex flex-wrap gap-2">
        {o.groups.map((g) => (
          <a
            key={g.tag}
            href={`#${anchor(g.tag)}`}
            className="rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          >
            {g.tag}
          </a>
        ))}
        <a
          href="#schemas"
          className="rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
        >
          Schemas
        </a>
      </nav>
      <div className="space-y-10">
        {o.groups.map((g) => (
          <section key={g.tag} id={anchor(g.tag)} aria-labelledby={`${anchor(g.tag)}-h`}>
            <h2 id={`${anchor(g.tag)}-h`} className="mb-3 text-lg font-semibold text-slate-900">
              {g.tag}
            </h2>
            <ul className="space-y-3">
              {g.operations.map((op) => (
                <OperationCard key={op.id} op={op} />
              ))}
            </ul>
          </section>
        ))}
        <section id="schemas" aria-labelledby="schemas-h">
          <h2 id="schemas-h" className="mb-3 text-lg font-semibold text-slate-900">
            Schemas
          </h2>
          <ul className="space-y-2">
            {o.schemas.map((s) => (
              <li key={s.name} id={`schema-${s.name}`} className="rounded-lg border border-slate-200 bg-white">
                <details>
                  <summary className="cursor-pointer px-4 py-2 font-mono text-sm text-slate-900">{s.name}</summary>
                  <CodeBlock className="max-h-96 overflow-auto border-t border-slate-100 p-4 font-mono text-xs text-slate-800">
                    {JSON.stringify(s.schema, null, 2)}
                  </CodeBlock>
                </details>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

function SchemaLink({ name }: { name: string }) {
  const base = name.replace(/\[\]$/, "");
  return /^[A-Z]/.test(base) ? (
    <a href={`#schema-${base}`} className="font-mono text-accent-700 hover:text-accent-800">
      {name}
    </a>
  ) : (
    <span className="font-mono">{name}</span>
  );
}

function OperationCard({ op }: { op: Operation }) {
  return (
    <li
      id={op.id}
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]"
      data-testid="operation"
    >
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-4 py-3 select-none">
          <Badge tone={METHOD_TONE[op.method as keyof typeof METHOD_TONE] ?? "neutral"}>{op.method}</Badge>
          <code className="min-w-0 font-mono text-sm break-all text-slate-900">{op.path}</code>
          <span className="text-sm text-slate-600">{op.summary}</span>
          {op.extension ? <Badge tone="accent">extension</Badge> : null}
        </summary>
        <div className="space-y-4 border-t border-slate-100 px-4 py-3 text-sm">
          {op.description ? <p className="text-slate-700">{op.description}</p> : null}
          {op.parameters.length > 0 ? (
            <ScrollRegion label={`Parameters of ${op.method} ${op.path}`}>
              <table className="w-full text-left text-xs">
                <caption className="sr-only">
                  Parameters of {op.method} {op.path}
                </caption>
                <thead className="text-slate-500">
                  <tr>
                    <th className="py-1 pr-3 font-medium">Parameter</th>
                    <th className="py-1 pr-3 font-medium">In</th>
                    <th className="py-1 pr-3 font-medium">Type</th>
                    <th className="py-1 font-medium">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {op.parameters.map((p) => (
                    <tr key={`${p.in}-${p.name}`} className="border-t border-slate-100 align-top">
                      <td className="py-1 pr-3 font-mono">
                        {p.name}
                        {p.required ? <span className="text-red-700"> *</span> : null}
                      </td>
                      <td className="py-1 pr-3">{p.in}</td>
                      <td className="py-1 pr-3 font-mono">{p.type}</td>
                      <td className="py-1 text-slate-600">{p.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : null}
          {op.requestBody ? (
            <p className="text-xs">
              <span className="text-slate-500">Body: </span>
              <SchemaLink name={op.requestBody} />
            </p>
          ) : null}
          <ul className="space-y-0.5 text-xs" aria-label="Responses">
            {op.responses.map((r) => (
              <li key={r.code}>
                <span className="font-mono font-semibold">{r.code}</span>{" "}
                <span className="text-slate-600">{r.description}</span>
                {r.schema ? (
                  <>
                    {" "}
                    · <SchemaLink name={r.schema} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </details>
    </li>
  );
}
