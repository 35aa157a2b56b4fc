"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { setEnvironment } from "@/lib/people/actions/set-environment";
import type { Environment } from "@/lib/dashboard/environment-schema";

/**
 * A link to something of the other environment (issue 59): a production batch opened while the
 * console shows sandbox. Says where it is and switches there, rather than a bare 404.
 */
export function OtherEnvironment({ what, environment }: { what: string; environment: Environment }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const other = environment === "production" ? "sandbox" : "production";
  return (
    <Card title={`${what} is in ${environment}`} data-testid="other-environment">
      <p className="text-sm text-slate-700">
        The console shows {other} now, where it does not exist.{" "}
        {environment === "production" ? "Production moves real money." : "Nothing in the sandbox moves real money."}
      </p>
      <Button
        className="mt-4"
        variant={environment === "production" ? "warning" : "secondary"}
        loading={pending}
        onClick={() =>
          start(async () => {
            await setEnvironment(environment);
            router.refresh();
          })
        }
      >
        Switch to {environment} and open it
      </Button>
    </Card>
  );
}
