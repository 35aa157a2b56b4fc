import { Link } from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Dec, fromJsonNumber } from "@/lib/money/decimal";
import { formatMoney, formatRate } from "@/lib/money/format";
import type { RateResponse } from "@/lib/schemas/rates";
import type { RateQueryInput } from "@/lib/schemas/rates";
import { builderHrefFromQuote } from "./quote-to-builder";

/** A quote: what is sent, what arrives, mid-market vs effective rate, and the fee. */
export function QuoteResult({
  quote,
  query,
  usable = true,
}: {
  quote: RateResponse;
  query: RateQueryInput;
  usable?: boolean;
}) {
  const src = quote.source_currency;
  const dst = quote.destination_currency;
  const mid = fromJsonNumber(quote.mid_market_rate);
  const effective = fromJsonNumber(quote.effective_rate);
  const spread = mid.isZero() ? new Dec(0) : mid.minus(effective).dividedBy(mid).times(100);

  return (
    <div data-testid="quote-result" className="space-y-5">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_1fr] sm:items-center">
        <Amount
          label="You send"
          value={formatMoney(fromJsonNumber(quote.source_amount), src)}
          testId="quote-source-amount"
        />
        <ArrowRightIcon aria-hidden="true" className="mx-auto hidden size-5 text-slate-500 sm:block" />
        <Amount
          label="Recipient gets"
          value={formatMoney(fromJsonNumber(quote.destination_amount), dst)}
          testId="quote-destination-amount"
          strong
        />
      </div>

      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        <Row label="Mid-market rate" hint="Before fees">
          <span data-testid="quote-mid-rate">
            {formatRate(mid, { source: src, destination: dst, maximumSignificantDigits: 6 })}
          </span>
        </Row>
        <Row label="Effective rate" hint="All-in, after the fee">
          <span data-testid="quote-effective-rate">{formatRate(effective, { source: src, destination: dst })}</span>
          <span className="ml-2 text-xs text-slate-500">
            ({formatRate(spread, { maximumSignificantDigits: 3 })}% below mid)
          </span>
        </Row>
        <Row label="Fee">
          <span data-testid="quote-fee">{formatMoney(fromJsonNumber(quote.fee.total), quote.fee.currency)}</span>
        </Row>
        <Row label="Inverse mid-market rate">
          {formatRate(fromJsonNumber(quote.inverted_mid_market_rate), {
            source: dst,
            destination: src,
            maximumSignificantDigits: 6,
          })}
        </Row>
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">
          Indicative: a rate does not lock a quote. The request prices at creation.
        </p>
        {usable ? (
          <Link href={builderHrefFromQuote(query, quote)} className={buttonClasses({ variant: "primary" })}>
            Create a settlement request from this quote
            <ArrowRightIcon className="size-4" />
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function Amount({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <div
      className={
        strong
          ? "rounded-lg bg-accent-50 px-4 py-3 ring-1 ring-accent-100"
          : "rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200"
      }
    >
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p data-testid={testId} className="mt-0.5 text-xl font-semibold tracking-tight text-slate-900 tabular-nums">
        {value}
      </p>
    </div>
  );
}

function Row({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 px-4 py-2.5">
      <dt className="text-slate-600">
        {label}
        {hint ? <span className="ml-1.5 text-xs text-slate-500">{hint}</span> : null}
      </dt>
      <dd className="text-right font-medium text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}
