import { Link } from "@/components/ui/link";
import { Suspense, type ComponentType } from "react";
import { FinanceSummary } from "@/components/overview/finance-summary";
import { LiveFigures, LiveFiguresSkeleton } from "@/components/overview/live-figures";
import { Skeleton } from "@/components/ui/skeleton";
import { SUMMARY_RANGES, type SummaryRange } from "@/lib/dashboard/summary-view";
import { StatusBadge } from "@/components/ui/badge";
import {
  ArrowRightIcon,
  FlaskIcon,
  InboxIcon,
  PaymentsIcon,
  PlusIcon,
  RatesIcon,
  SearchIcon,
  type IconProps,
} from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { can, type Permission } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import type { SettlementStatus } from "@/lib/state-machine/statuses";

export const metadata = { title: "Overview" };

type Task = { href: string; title: string; text: string; icon: ComponentType<IconProps>; permission: Permission };

/** Offered only to the roles that can do them, here (a support agent is not invited to quote). */
const TASKS: Task[] = [
  {
    href: "/rates",
    title: "Quote a rate",
    text: "See the mid-market rate, our fee and what the recipient gets, before you commit.",
    icon: RatesIcon,
    permission: "rates:quote",
  },
  {
    href: "/settlement-requests/new",
    title: "New settlement request",
    text: "Move value between fiat and stablecoins and get payment instructions for the payer.",
    icon: PlusIcon,
    permission: "settlement:create",
  },
  {
    href: "/settlement-requests",
    title: "Find a request by external_id",
    text: "Look up every request carrying your own reference, with its status and payments.",
    icon: SearchIcon,
    permission: "read",
  },
  {
    href: "/balances",
    title: "Reconcile a balance",
    text: "Every movement of a stablecoin balance with its cause, between an opening and a closing balance.",
    icon: PaymentsIcon,
    permission: "read",
  },
  {
    href: "/sandbox",
    title: "Simulate in sandbox",
    text: "Push a test request through each status and check your integration handles it.",
    icon: FlaskIcon,
    permission: "sandbox:simulate",
  },
  {
    href: "/inbox",
    title: "Watch webhooks",
    text: "See signed event deliveries arrive live, and confirm their signatures verify.",
    icon: InboxIcon,
    permission: "read",
  },
];

/** Six columns at xl: rows of three, or of two when the count is even but not a multiple of three; five is two then three. */
function taskSpan(count: number, i: number): string {
  if (count % 3 === 0) return "xl:col-span-2";
  if (count % 2 === 0) return "xl:col-span-3";
  return i < 2 ? "xl:col-span-3" : "xl:col-span-2";
}

const LIFECYCLE = [
  "REQUEST_STARTED",
  "FUNDS_SENT",
  "SETTLEMENT_SENT",
  "SETTLEMENT_COMPLETED",
] as const satisfies readonly SettlementStatus[];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OverviewPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, actor, environment] = await Promise.all([searchParams, getActor(), getEnvironment()]);
  const asked = Number(params.range);
  const tasks = TASKS.filter((t) => actor !== null && can(actor.role, t.permission, environment));
  const range: SummaryRange = (SUMMARY_RANGES as readonly number[]).includes(asked) ? (asked as SummaryRange) : 30;
  return (
    <>
      <PageHeader
        title="Overview"
        description="Quote, settle and track fiat ↔ stablecoin settlements. Start with one of the tasks below."
      />

      <section aria-labelledby="figures-heading" className="mb-8">
        <h2 id="figures-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Right now
        </h2>
        <Suspense fallback={<LiveFiguresSkeleton />}>
          <LiveFigures />
        </Suspense>
      </section>

      <Suspense fallback={<Skeleton className="mb-8 h-64" />}>
        <FinanceSummary range={range} />
      </Suspense>

      <section aria-labelledby="tasks-heading">
        <h2 id="tasks-heading" className="sr-only">
          Common tasks
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-6">
          {tasks.map(({ href, title, text, icon: Icon }, i) => (
            <li key={title} className={taskSpan(tasks.length, i)}>
              <Link
                href={href}
                className="group flex h-full flex-col rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-[var(--shadow-card)] transition hover:border-accent-200 hover:shadow-md"
              >
                <span
                  aria-hidden="true"
                  className="mb-4 grid size-9 place-items-center rounded-lg bg-accent-50 text-accent-600 ring-1 ring-accent-100"
                >
                  <Icon className="size-4.5" />
                </span>
                <span className="text-sm font-semibold text-slate-900">{title}</span>
                <span className="mt-1 flex-1 text-sm leading-relaxed text-slate-600">{text}</span>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-accent-700">
                  Open
                  <ArrowRightIcon className="size-3.5 transition-transform group-hover:translate-x-0.5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="lifecycle-heading"
        className="mt-10 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-[var(--shadow-card)]"
      >
        <h2 id="lifecycle-heading" className="text-sm font-semibold text-slate-900">
          How a settlement request moves
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Each request starts with payment instructions for the payer, and settles once their funds arrive and the
          payout completes.
        </p>
        <ol className="mt-4 flex flex-wrap items-center gap-2 text-slate-300">
          {LIFECYCLE.map((status, i) => (
            <li key={status} className="flex items-center gap-2">
              {i > 0 ? <ArrowRightIcon className="size-3.5" /> : null}
              <StatusBadge status={status} />
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
