import { AddPayeeForm } from "@/components/payees/add-payee-form";
import { CoolingOffSetting } from "@/components/payees/cooling-off-setting";
import { PayeeCountdown } from "@/components/payees/payee-countdown";
import { RefreshingActionButton } from "@/components/forms/refreshing-action-button";
import { removePayee } from "@/lib/actions/remove-payee";
import { NotAllowed } from "@/components/auth/not-allowed";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { coolingOffMinutes, listPayees } from "@/lib/approvals/payees";
import { consoleRead } from "@/lib/auth/console-read";
import { can } from "@/lib/auth/permissions";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { railLabel } from "@/lib/dashboard/routes";
import { maskTail } from "@/lib/schemas/mask";
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
  const rows = listed.map((p) => (p.kind === "bank" ? { ...p, address: maskTail(p.address.replace(/\s/g, "")) } : p));
  const reveals = can(gate.actor.role, "approvals:decide", null);
  const maker = can(gate.actor.role, "disbursement:create", environment);
  const admin = can(gate.actor.role, "approvals:rules", null);
  const hours = minutes / 60;
  return (
    <>
      <PageHeader
        title="Payees"
        description={`Saved wallets and bank accounts for ${environment}: the disbursement form and the builder offer them. ${minutes === 0 ? "A new payee is usable at once here." : `A new payee is usable ${hours >= 1 ? `${hours} h` : `${minutes} min`} after it was added (its cooling-off period).`}`}
      />
      <div className="space-y-6">
        <DataTable
          caption={`${environment} payees`}
          columns={[
            { header: "Name", className: "font-medium text-slate-900", cell: (p) => p.name },
            {
              header: "Wallet or IBAN",
              cell: (p) =>
                p.kind === "bank" ? (
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span className="font-mono text-xs text-slate-700" data-testid="masked-account">
                      IBAN {p.address}
                    </span>
                    {reveals ? <RevealAccount kind="payee" id={p.id} label={`Reveal the IBAN of ${p.name}`} /> : null}
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
                  ? `${p.currency} bank account`
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
            description="A wallet or a bank account (IBAN) you pay often. Rules may require an approval to add one."
          >
            <AddPayeeForm />
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
