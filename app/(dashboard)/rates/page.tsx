import { QuoteWorkbench } from "@/components/rates/quote-workbench";
import { rateQueryFromParams } from "@/components/rates/rate-query-params";
import { PageHeader } from "@/components/ui/page-header";
import { getRate } from "@/lib/actions/get-rate";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Rates" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A quote in the URL is priced on the server, so a shared link opens with its result. */
export default async function RatesPage({ searchParams }: { searchParams: SearchParams }) {
  const environment = await getEnvironment();
  const initialQuery = rateQueryFromParams(await searchParams);
  const initialResult = initialQuery ? await getRate(initialQuery) : null;
  return (
    <>
      <PageHeader
        title="Rates"
        description="Indicative exchange rates between fiat and stablecoins, with the platform fee applied."
      />
      <QuoteWorkbench
        key={environment}
        environment={environment}
        initialQuery={initialQuery}
        initialResult={initialResult}
      />
    </>
  );
}
