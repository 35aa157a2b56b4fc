"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogClose } from "@/components/ui/dialog";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { changeUserRole } from "@/lib/people/actions/change-user-role";
import { resetUserPassword } from "@/lib/people/actions/reset-user-password";
import { resetSecondFactor } from "@/lib/people/actions/set-second-factor-roles";
import { setUserDisabled } from "@/lib/people/actions/set-user-disabled";
import { endPersonSessions } from "@/lib/people/actions/end-person-sessions";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/permissions";
import { OneTimeSecret } from "./one-time-secret";

type Row = { id: string; email: string; name: string; role: Role; disabled: boolean; secondFactorEnabled: boolean };

/** Role select, disable/enable, password reset and "sign out everywhere" for one person (not for oneself). */
export function UserRowActions({ user, self }: { user: Row; self: boolean }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  const [password, setPassword] = useState<string | null>(null);

  function run(label: string, call: () => Promise<{ ok: true } | { ok: false; error: { message: string } }>) {
    startTransition(async () => {
      const result = await call();
      if (!result.ok) {
        toast({ title: `Could not ${label}`, description: result.error.message, tone: "error" });
      } else {
        router.refresh();
      }
    });
  }

  if (self) return <span className="text-xs text-slate-500">This is you</span>;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <label className="sr-only" htmlFor={`role-${user.id}`}>
        Role of {user.email}
      </label>
      <Select
        id={`role-${user.id}`}
        className="h-8 w-36 text-xs"
        value={user.role}
        disabled={pending}
        onChange={(e) =>
          run("change the role", () => changeUserRole({ userId: user.id, role: e.target.value as Role }))
        }
        options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r].label }))}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await resetUserPassword({ userId: user.id });
            if (result.ok) setPassword(result.data.password);
            else toast({ title: "Could not reset the password", description: result.error.message, tone: "error" });
          })
        }
      >
        Reset password
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={pending}
        onClick={() =>
          run(user.disabled ? "enable" : "disable", () =>
            setUserDisabled({ userId: user.id, disabled: !user.disabled }),
          )
        }
      >
        {user.disabled ? "Enable" : "Disable"}
      </Button>
      <Dialog
        title={`Sign ${user.email} out everywhere?`}
        description="Every session of theirs ends on every instance at its next click. Their password, role and two-step verification stay: they can sign in again."
        trigger={
          <Button size="sm" variant="secondary" disabled={pending}>
            Sign out everywhere
          </Button>
        }
        footer={
          <DialogActions cancel="Cancel">
            <DialogClose asChild>
              <Button
                variant="danger"
                onClick={() =>
                  startTransition(async () => {
                    const result = await endPersonSessions({ userId: user.id, everywhere: true });
                    toast(
                      result.ok
                        ? {
                            title: `${user.email} is signed out everywhere`,
                            description: `${result.data.ended} session${result.data.ended === 1 ? "" : "s"} ended.`,
                            tone: "success",
                          }
                        : { title: "Could not sign them out", description: result.error.message, tone: "error" },
                    );
                  })
                }
              >
                Sign out everywhere
              </Button>
            </DialogClose>
          </DialogActions>
        }
      />
      {user.secondFactorEnabled ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={() => {
            if (
              window.confirm(
                `Remove ${user.email}'s authenticator app? Use this when they lost it; they set up a new one.`,
              )
            )
              run("reset two-step verification", () => resetSecondFactor({ userId: user.id }));
          }}
        >
          Reset two-step
        </Button>
      ) : null}
      <Dialog
        open={password !== null}
        onOpenChange={(open) => !open && setPassword(null)}
        size="md"
        title="New one-time password"
        description={`${user.email} was signed out everywhere. Give them this password through a channel you trust.`}
        footer={
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        }
      >
        {password ? <OneTimeSecret label="One-time password" value={password} note="Shown once." /> : null}
      </Dialog>
    </div>
  );
}
