import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { copyableAmount, formatMoney, formatRate } from "@/lib/money/format";
import { railLabel } from "@/lib/dashboard/routes";
import type { PaymentInstructions as Instructions } from "@/lib/schemas/settlement-request-response";
import { Countdown } from "./countdown";
import { LazyWalletQr as WalletQr } from "./lazy-wallet-qr";

function CopyRow({ label, value, mono, testId }: { label: string; value: string; mono?: boolean; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 px-4 py-2.5">
      <dt className="shrink-0 text-sm text-slate-600">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1">
        <span data-testid={testId} className={mono ? "font-mono text-sm break-all text-slate-900" : "truncate text-sm font-medium text-slate-900"} title={value}>
          {value}
        </span>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </dd>
    </div>
  );
}

/** What the payer must send, and where: every value copyable, a QR code for wallets, the time left. */
export function PaymentInstructionsCard({ instructions, active }: { instructions: Instructions; active: boolean }) {
  const i = instructions;
  const crypto = "wallet_address" in i;
  return (
    <Card
      title="Payment instructions"
      description={active ? "Send exactly this amount before the instructions expire." : "Instructions given when the request was created."}
      data-testid="payment-instructions"
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="space-y-4">
          <div>
            <p className="text-xs font-medium text-slate-500">Amount to send</p>
            <div className="flex items-center gap-1">
              <p data-testid="instructions-amount" className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
                {formatMoney(i.amount, i.currency)}
              </p>
              <CopyButton value={copyableAmount(i.amount, i.currency)} label="Copy amount" />
            </div>
            <p className="mt-0.5 text-sm text-slate-600">
              Recipient gets <span className="font-medium text-slate-900">{formatMoney(i.destination_amount, i.destination_currency)}</span>
              {" · "}rate {formatRate(i.exchange_rate, { source: i.currency, destination: i.destination_currency })}
              {" · "}fee {formatMoney(String(i.fee.total), i.currency)}
            </p>
          </div>
          {active ? (
            <div>
              <p className="text-xs font-medium text-slate-500">Valid for</p>
              <Countdown until={i.valid_until} />
            </div>
          ) : null}
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {crypto ? (
              <>
                <CopyRow label="Wallet address" value={i.wallet_address} mono testId="instructions-wallet" />
                <CopyRow label="Chain" value={railLabel(i.chain)} />
                <CopyRow label="Currency" value={i.currency} />
              </>
            ) : (
              <>
                <CopyRow label="Bank name" value={i.bank_name} />
                <CopyRow label={i.currency === "EUR" ? "IBAN" : "Account number"} value={i.account_number} mono />
                <CopyRow label={i.currency === "EUR" ? "BIC" : "Routing number"} value={i.routing_number} mono />
                <CopyRow label="Deposit message" value={i.deposit_message} mono testId="instructions-deposit-message" />
                <CopyRow label="Rail" value={railLabel(i.rail)} />
              </>
            )}
          </dl>
        </div>
        {crypto ? <WalletQr address={i.wallet_address} /> : null}
      </div>
    </Card>
  );
}
