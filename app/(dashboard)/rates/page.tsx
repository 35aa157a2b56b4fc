import { NotAllowed } from "@/components/auth/not-allowed";
import { QuoteWorkbench } from "@/components/rates/quote-workbench";
import { rateQueryFromParams } from "@/components/rates/rate-query-params";
import { PageHeader } from "@/components/ui/page-header";
import { getRate } from "@/lib/rates/actions/get-rate";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";

export const metadata = { title: "Rates" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A quote in the URL is priced on the server, so a shared link opens with its result. */
export default async function RatesPage({ searchParams }: { searchParams: SearchParams }) {
  const [environment, actor] = await Promise.all([getEnvironment(), getActor()]);
  const header = (
    <PageHeader
      title="Rates"
      description="Indicative exchange rates between fiat and stablecoins, with the platform fee applied."
    />
  );
  // A role that may not quote gets no form to fill in and be refused afterwards.
  if (!actor || !can(actor.role, "rates:quote", environment)) {
    return (
      <>
        {header}
        <NotAllowed message="Quotes are for the finance and admin roles." />
      </>
    );
  }
  const initialQuery = rateQueryFromParams(await searchParams);
  const initialResult = initialQuery ? await getRate(initialQuery) : null;
  return (
    <>
      {header}
      <QuoteWorkbench
        key={environment}
        environment={environment}
        initialQuery={initialQuery}
        initialResult={initialResult}
      />
    </>
  );
}
