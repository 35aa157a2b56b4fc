"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { setEnvironment } from "@/lib/people/actions/set-environment";
import type { Environment } from "@/lib/dashboard/environment-schema";

/**
 * Opens what an approved submission created, in the submission's environment (issue 43): the
 * approver may be looking at the other one, where that id does not exist.
 */
export function ResultLink({
  href,
  environment,
  current,
  children,
}: {
  href: string;
  environment: Environment;
  current: Environment;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <a
      href={href}
      data-testid="result-link"
      aria-busy={pending || undefined}
      className="font-medium text-accent-700 hover:underline"
      onClick={(event) => {
        if (environment === current) return;
        event.preventDefault();
        start(async () => {
          await setEnvironment(environment);
          router.push(href);
          router.refresh();
        });
      }}
    >
      {children}
    </a>
  );
}
