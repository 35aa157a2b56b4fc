"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { setSecondFactorRoles } from "@/lib/people/actions/set-second-factor-roles";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/permissions";

/**
 * Which roles must sign in with an authenticator app (issue 43). Someone of such a role without
 * one sets it up at their next page, before anything else.
 */
export function SecondFactorPolicy({
  required,
  enabledCount,
}: {
  required: Role[];
  enabledCount: Record<Role, string>;
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [roles, setRoles] = useState<Role[]>(required);
  const [pending, startTransition] = useTransition();
  const changed = roles.length !== required.length || roles.some((r) => !required.includes(r));
  const save = () =>
    startTransition(async () => {
      const result = await setSecondFactorRoles({ roles });
      if (!result.ok) {
        toast({ title: "Not saved", description: result.error.message, tone: "error" });
        return;
      }
      toast({
        title: "Two-step verification policy saved",
        description: roles.length
          ? `Required for ${roles.map((r) => ROLE_LABELS[r].label).join(", ")}.`
          : "Required for nobody.",
        tone: "success",
      });
      router.refresh();
    });
  return (
    <Card
      className="mt-6"
      title="Two-step verification"
      description="Require an authenticator app for these roles. Approving in production always asks for one."
    >
      <fieldset>
        <legend className="sr-only">Roles that must use two-step verification</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ROLES.map((role) => (
            <label key={role} className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 rounded border-slate-300"
                checked={roles.includes(role)}
                onChange={(e) => setRoles((now) => (e.target.checked ? [...now, role] : now.filter((r) => r !== role)))}
              />
              <span>
                <span className="font-medium text-slate-900">{ROLE_LABELS[role].label}</span>
                <span className="block text-xs text-slate-500">{enabledCount[role]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button className="mt-4" loading={pending} disabled={!changed} onClick={save}>
        Save
      </Button>
    </Card>
  );
}
