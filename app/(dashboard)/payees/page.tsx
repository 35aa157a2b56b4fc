import { AddPayeeForm } from "@/components/payees/add-payee-form";
import { CoolingOffSetting } from "@/components/payees/cooling-off-setting";
import { PayeeCountdown } from "@/components/payees/payee-countdown";
import { PayeeFileCard } from "@/components/payees/payee-file-card";
import { RefreshingActionButton } from "@/components/forms/refreshing-action-button";
import { removePayee } from "@/lib/approvals/actions/remove-payee";
import { NotAllowed } from "@/components/auth/not-allowed";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { coolingOffMinutes, listPayees } from "@/lib/approvals/payees";
import { consoleRead } from "@/lib/auth/console-read";
import { can } from "@/lib/auth/permissions";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { railFor, railLabel } from "@/lib/dashboard/routes";
import { holderName, maskedAccountLine } from "@/lib/approvals/payee-account";
import { RevealAccount } from "@/components/approvals/reveal-account";
import { formatMinute } from "@/lib/dashboard/format-date";

export const metadata = { title: "Payees" };

/** The environment's payee address book: saved wallets, who added them, and when each becomes usable. */
export default async function PayeesPage() {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see payees." />;
  const { db } = gate;
  const [listed, minutes] = await Promise.all([listPayees(db, environment), coolingOffMinutes(db, environment)]);
  // Bank accounts masked for every role (issue 43): whoever may decide approvals reveals one on purpose, audited.
  // Nothing whole leaves the server: the row keeps the masked line and the holder's name only.
  const rows = listed.map((p) =>
    p.kind === "bank"
      ? {
          ...p,
          address: maskedAccountLine(p),
          holder: holderName(p.destination),
          rail: typeof p.destination?.rail === "string" ? p.destination.rail : "",
          destination: null,
        }
      : { ...p, holder: "", rail: "" },
  );
  const reveals = can(gate.actor.role, "approvals:decide", null);
  const maker = can(gate.actor.role, "disbursement:create", environment);
  const admin = can(gate.actor.role, "approvals:rules", null);
  const hours = minutes / 60;
  return (
    <>
      <PageHeader
        title="Payees"
        description={`Saved wallets and bank accounts for ${environment}: the disbursement form and the builder offer them. ${minutes === 0 ? "Any destination is usable at once here." : `A destination this account never paid waits ${hours >= 1 ? `${hours} h` : `${minutes} min`} from when it was first saved, typed or uploaded (its cooling-off period); one paid before is usable at once.`}`}
      />
      <div className="space-y-6">
        <DataTable
          caption={`${environment} payees`}
          columns={[
            { header: "Name", className: "font-medium text-slate-900", cell: (p) => p.name },
            {
              header: "Wallet or account",
              cell: (p) =>
                p.kind === "bank" ? (
                  <span className="flex flex-col gap-0.5">
                    <span className="flex flex-wrap items-center gap-1.5">
                      <span className="font-mono text-xs text-slate-700" data-testid="masked-account">
                        {p.address}
                      </span>
                      {reveals ? (
                        <RevealAccount kind="payee" id={p.id} label={`Reveal the account of ${p.name}`} />
                      ) : null}
                    </span>
                    {p.holder ? (
                      <span className="text-xs text-slate-500" data-testid="payee-holder">
                        Held by {p.holder}
                      </span>
                    ) : null}
                  </span>
                ) : (
                  <span className="flex items-center gap-1.5">
                    <span className="font-mono text-xs break-all text-slate-700">{p.address}</span>
                    <CopyButton value={p.address} label={`Copy the address of ${p.name}`} />
                  </span>
                ),
            },
            {
              header: "Currency",
              cell: (p) =>
                p.kind === "bank"
                  ? `${p.currency} bank account${p.rail ? ` · ${railFor(p.currency, p.rail)}` : ""}`
                  : `${p.currency}${p.chain ? ` on ${railLabel(p.chain)}` : ""}`,
            },
            {
              header: "Added",
              className: "text-xs text-slate-500",
              cell: (p) => `${formatMinute(p.addedAt)} by ${p.addedBy}`,
            },
            { header: "State", cell: (p) => <PayeeCountdown usableFrom={p.usableFrom} /> },
            ...(maker
              ? [
                  {
                    header: <span className="sr-only">Actions</span>,
                    headerClassName: "text-right",
                    className: "text-right",
                    cell: (p: (typeof rows)[number]) => (
                      <RefreshingActionButton
                        action={removePayee}
                        input={{ id: p.id }}
                        label="Remove"
                        ariaLabel={`Remove payee ${p.name}`}
                        failTitle="Not removed"
                        confirm={{
                          title: `Remove “${p.name}” from the payee book?`,
                          description:
                            "It leaves the book only: this account's history with the destination is kept, so paying it later, typed by hand, is checked exactly as before (a destination never paid still waits out its cooling-off period).",
                          action: "Remove payee",
                        }}
                      />
                    ),
                  },
                ]
              : []),
          ]}
          rows={rows}
          rowTestId="payee-row"
          rowProps={(p) => ({ "data-name": p.name })}
          empty="No payees yet."
        />
        {maker ? (
          <Card
            title="Add a payee"
            description="A wallet, or a bank account in any currency the service pays out (US routing and account, IBAN, CLABE, NUBAN, Canadian EFT) with its holder. Rules may require an approval to add one."
          >
            <AddPayeeForm />
          </Card>
        ) : null}
        {maker ? (
          <Card
            title="Import or export"
            description="Move a payee book between environments or consoles, or add many payees at once. Each imported payee waits out its own cooling-off period."
          >
            <PayeeFileCard canExport={reveals} />
          </Card>
        ) : reveals ? (
          <Card title="Export" description="The payee book as CSV, account numbers whole (the download is audited).">
            <a
              href="/payees/export"
              className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
              data-testid="payee-export"
            >
              Download the payee book (CSV)
            </a>
          </Card>
        ) : null}
        {admin ? (
          <Card
            title="Cooling-off period"
            description="How long a new payee waits before it can be paid. Shortening it applies to payees already waiting."
          >
            <CoolingOffSetting environment={environment} minutes={minutes} />
          </Card>
        ) : null}
      </div>
    </>
  );
}
