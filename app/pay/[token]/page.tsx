import type { Metadata } from "next";
import { PaymentInstructionsCard } from "@/components/settlement-requests/detail/payment-instructions";
import { PrintButton } from "@/components/settlement-requests/detail/print-button";
import { readInstructionsLink } from "@/lib/pay/instructions-link";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { requestAddress } from "@/lib/auth/request-origin";
import { accountName } from "@/lib/page-data/shell-info";
import { countView, isRevoked, requestForLink } from "@/lib/pay/pay-links";

export const metadata: Metadata = { title: "Payment instructions", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

/**
 * The page a payer opens from a shared link: one request's payment instructions and nothing
 * else of the console, no sign-in, printable. It ends when the instructions expire or the request
 * is no longer waiting for funds (lib/pay/instructions-link.ts).
 */
export default async function PaymentInstructionsPage({ params }: Props) {
  const { token } = await params;
  const link = readInstructionsLink(token);
  if (link === null) return <Ended title="This link is not valid" body="Ask the person who sent it for a new one." />;
  if (link === "expired")
    return (
      <Ended
        title="These instructions have expired"
        body="Do not send a payment with them. Ask the person who sent the link for new instructions."
      />
    );
  if (!(await countView(token, await requestAddress()))) {
    return <Ended title="This page was opened too often" body="Wait a minute, then reload the page." />;
  }
  if (await isRevoked(link))
    return (
      <Ended
        title="This link was withdrawn"
        body="Do not send a payment with these instructions. Ask the person who sent the link for new ones."
      />
    );
  const found = await requestForLink(link);
  if (!found.ok)
    return (
      <Ended
        title="These instructions are not available"
        body="Ask the person who sent the link for new instructions."
      />
    );
  const request = found.request;
  if (new Date(request.payment_instructions.valid_until).getTime() <= Date.now()) {
    return (
      <Ended
        title="These instructions have expired"
        body="Do not send a payment with them. Ask the person who sent the link for new instructions."
      />
    );
  }
  if (request.status !== "REQUEST_STARTED") {
    return (
      <Ended
        title="These instructions are no longer open"
        body="The payment they describe was received or the request ended. Do not send another payment with them."
      />
    );
  }
  const i = request.payment_instructions;
  const payee = await accountName();
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 px-4 py-8 print:py-0">
      <header className="space-y-1">
        <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Payment instructions</p>
        {payee ? (
          <p className="text-sm text-slate-700" data-testid="payee">
            Payment to <strong className="text-slate-900">{payee}</strong>
          </p>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          Send {i.currency} to complete this payment
        </h1>
        <p className="text-sm text-slate-600">
          Valid until <strong className="text-slate-900">{formatDateTime(i.valid_until)}</strong>. Send exactly the
          amount below, to exactly these details
          {"deposit_message" in i ? ", with the deposit message" : ""}.
        </p>
        {link.environment === "sandbox" ? (
          <p className="inline-block rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
            Test instructions (sandbox): no real money moves.
          </p>
        ) : null}
      </header>
      <PaymentInstructionsCard instructions={i} ended={null} />
      <div className="flex items-center justify-between gap-3 print:hidden">
        <p className="text-xs text-slate-500">Reference {request.id}</p>
        <PrintButton />
      </div>
    </main>
  );
}

function Ended({ title, body }: { title: string; body: string }) {
  return (
    <main id="main" className="grid min-h-dvh place-items-center px-6">
      <div className="max-w-md text-center" data-testid="instructions-ended">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{body}</p>
      </div>
    </main>
  );
}
