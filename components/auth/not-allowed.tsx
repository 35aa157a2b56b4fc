import { EmptyState } from "@/components/ui/empty-state";
import { LockIcon } from "@/components/ui/icons";

/** What a page shows to someone whose role may not see it (the server decided; nothing else was loaded). */
export function NotAllowed({ message }: { message: string }) {
  return (
    <EmptyState icon={<LockIcon className="size-5" />} title="Not available for your role">
      {message}
    </EmptyState>
  );
}
