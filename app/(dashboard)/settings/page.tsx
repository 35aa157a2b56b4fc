import { EmptyState } from "@/components/ui/empty-state";
import { SettingsIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Settings" };

export default function Page() {
  return (
    <>
      <PageHeader title="Settings" description="API keys, account details and console preferences for each environment." />
      <EmptyState icon={<SettingsIcon className="size-5" />} title="Nothing to configure yet">
        API keys for sandbox and production, the account's pre-funded balance and notification preferences will be managed here.
      </EmptyState>
    </>
  );
}
