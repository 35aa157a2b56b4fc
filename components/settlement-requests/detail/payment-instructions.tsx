import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { copyableAmount, formatMoney, formatRate } from "@/lib/money/format";
import { railLabel } from "@/lib/dashboard/routes";
import type { PaymentInstructions as Instructions } from "@/lib/schemas/settlement-request-response";
import { humanizeStatus } from "@/components/ui/status-tone";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { isFinalRequestStatus } from "@/lib/state-machine/statuses";
import { Countdown } from "./countdown";
import { LazyWalletQr as WalletQr } from "./lazy-wallet-qr";

function CopyRow({
  label,
  value,
  mono,
  testId,
  copy,
}: {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
  copy: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-3 px-4 py-2.5">
      <dt className="shrink-0 text-sm text-slate-600">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1">
        <span
          data-testid={testId}
          className={
            mono ? "font-mono text-sm break-all text-slate-900" : "truncate text-sm font-medium text-slate-900"
          }
          title={value}
        >
          {value}
        </span>
        {copy ? <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} /> : null}
      </dd>
    </div>
  );
}

/**
 * Why instructions can no longer be paid, or null while they can: past valid_until, in a final
 * status, or once the payer's funds are on their way (issue 35, finding 2).
 */
export function instructionsEnded(status: string, validUntil: string, now = Date.now()): string | null {
  const pastValidity = new Date(validUntil).getTime() <= now;
  if (status === "REQUEST_EXPIRED" || (status === "REQUEST_STARTED" && pastValidity)) {
    const when = pastValidity ? ` on ${formatDateTime(validUntil)}` : "";
    return `These instructions expired${when}. Do not send a payment with them.`;
  }
  if (isFinalRequestStatus(status)) {
    return `This request has ended (${humanizeStatus(status)}): these instructions are no longer valid. Do not send a payment with them.`;
  }
  if (status !== "REQUEST_STARTED")
    return "The payer's funds were sent: these instructions are kept for reference only.";
  return null;
}

/**
 * What the payer must send, and where: every value copyable, a QR code for wallets, the time
 * left. Once `ended` says why they cannot be paid any more, no QR code and no copy button: the
 * details stay for reference under a plain warning.
 */
export function PaymentInstructionsCard({
  instructions,
  ended,
  clockOffsetSeconds = 0,
}: {
  instructions: Instructions;
  ended: string | null;
  /** The sandbox clock's lead over real time: valid_until is on that clock. */
  clockOffsetSeconds?: number;
}) {
  const i = instructions;
  const crypto = "wallet_address" in i;
  const active = ended === null;
  return (
    <Card
      title="Payment instructions"
      description={
        active
          ? "Send exactly this amount before the instructions expire."
          : "Instructions given when the request was created."
      }
      data-testid="payment-instructions"
    >
      {ended ? (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950"
          data-testid="instructions-no-longer-valid"
        >
          {ended}
        </p>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="space-y-4">
          <div>
            <p className="text-xs font-medium text-slate-500">Amount to send</p>
            <div className="flex items-center gap-1">
              <p
                data-testid="instructions-amount"
                className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
              >
                {formatMoney(i.amount, i.currency)}
              </p>
              {active ? <CopyButton value={copyableAmount(i.amount, i.currency)} label="Copy amount" /> : null}
            </div>
            <p className="mt-0.5 text-sm text-slate-600">
              Recipient gets{" "}
              <span className="font-medium text-slate-900">
                {formatMoney(i.destination_amount, i.destination_currency)}
              </span>
              {" · "}rate {formatRate(i.exchange_rate, { source: i.currency, destination: i.destination_currency })}
              {" · "}fee {formatMoney(String(i.fee.total), i.currency)}
            </p>
          </div>
          {active ? (
            <div>
              <p className="text-xs font-medium text-slate-500">Valid for</p>
              <Countdown until={i.valid_until} offsetSeconds={clockOffsetSeconds} />
            </div>
          ) : null}
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {crypto ? (
              <>
                <CopyRow
                  label="Wallet address"
                  value={i.wallet_address}
                  mono
                  testId="instructions-wallet"
                  copy={active}
                />
                <CopyRow label="Chain" value={railLabel(i.chain)} copy={active} />
                <CopyRow label="Currency" value={i.currency} copy={active} />
              </>
            ) : (
              <>
                <CopyRow label="Bank name" value={i.bank_name} copy={active} />
                <CopyRow
                  label={i.currency === "EUR" ? "IBAN" : "Account number"}
                  value={i.account_number}
                  mono
                  copy={active}
                />
                <CopyRow
                  label={i.currency === "EUR" ? "BIC" : "Routing number"}
                  value={i.routing_number}
                  mono
                  copy={active}
                />
                <CopyRow
                  label="Deposit message"
                  value={i.deposit_message}
                  mono
                  testId="instructions-deposit-message"
                  copy={active}
                />
                <CopyRow label="Rail" value={railLabel(i.rail)} copy={active} />
              </>
            )}
          </dl>
        </div>
        {crypto && active ? <WalletQr address={i.wallet_address} /> : null}
      </div>
    </Card>
  );
}
