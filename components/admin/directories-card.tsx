"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/permissions";
import { formatMinute } from "@/lib/dashboard/format-date";
import { createScimDirectory } from "@/lib/scim/actions/create-scim-directory";
import { mapScimGroup } from "@/lib/scim/actions/map-scim-group";
import { revokeScimDirectory } from "@/lib/scim/actions/revoke-scim-directory";
import type { Directory } from "@/lib/scim/directories";
import { OneTimeSecret } from "./one-time-secret";

/**
 * Directories (SCIM 2.0, issue 61): an identity provider adds, updates and deactivates people; a
 * person it adds gets a role only through a group an administrator maps here. The token is shown
 * once, when the directory is connected.
 */
export function DirectoriesCard({ directories, scimUrl }: { directories: Directory[]; scimUrl: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const connect = () =>
    startTransition(async () => {
      const result = await createScimDirectory({ name });
      if (!result.ok) {
        setNameError(result.error.details.find((d) => d.path === "name")?.message ?? result.error.message);
        return;
      }
      setNameError(undefined);
      setName("");
      setMade({ name: result.data.name, token: result.data.token });
      router.refresh();
    });
  return (
    <Card
      className="mt-6"
      title="Directories (SCIM)"
      description="Let your identity provider (Okta, Entra ID) add, update and deactivate people. Someone it adds gets a role only through a group you map below; until then they cannot sign in."
      data-testid="directories"
    >
      {made ? (
        <div
          className="mb-5 space-y-3 rounded-lg border border-amber-200 bg-amber-50/60 p-4"
          data-testid="directory-made"
        >
          <p className="text-sm font-medium text-slate-900">{made.name} is connected. Give your identity provider:</p>
          <div className="flex items-center gap-2 text-sm">
            <span className="text-slate-600">SCIM base URL</span>
            <code className="min-w-0 font-mono break-all text-slate-900" data-testid="scim-url">
              {scimUrl}
            </code>
            <CopyButton value={scimUrl} label="Copy SCIM base URL" />
          </div>
          <OneTimeSecret
            label="Bearer token"
            value={made.token}
            note="Shown once: the console keeps only its hash. Revoke the directory and connect it again if it is lost."
          />
          <Button variant="secondary" size="sm" onClick={() => setMade(null)}>
            Done
          </Button>
        </div>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          connect();
        }}
      >
        <Field label="Directory name" error={nameError} className="w-full min-w-0 sm:w-auto sm:max-w-xs sm:flex-1">
          {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} placeholder="Okta" />}
        </Field>
        <Button type="submit" loading={pending && !made}>
          Connect a directory
        </Button>
      </form>
      {directories.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No directory is connected: people are added on this page.</p>
      ) : (
        <ul className="mt-5 space-y-4">
          {directories.map((d) => (
            <DirectoryItem key={d.id} directory={d} onChange={() => router.refresh()} toast={toast} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function DirectoryItem({
  directory: d,
  onChange,
  toast,
}: {
  directory: Directory;
  onChange: () => void;
  toast: ReturnType<typeof useToast>["toast"];
}) {
  const [pending, startTransition] = useTransition();
  const [group, setGroup] = useState("");
  const [role, setRole] = useState<Role | "">("");
  const [error, setError] = useState<string | undefined>();
  const map = (groupName: string, to: Role | "none") =>
    startTransition(async () => {
      const result = await mapScimGroup({ directoryId: d.id, groupName, role: to });
      if (!result.ok) {
        setError(result.error.details.find((d) => d.path === "groupName")?.message ?? result.error.message);
        toast({ title: "Not changed", description: result.error.message, tone: "error" });
        return;
      }
      setError(undefined);
      setGroup("");
      setRole("");
      toast({
        title: to === "none" ? `${groupName} no longer gives a role` : `${groupName} gives ${ROLE_LABELS[to].label}`,
        description: `${result.data.people} ${result.data.people === 1 ? "person" : "people"} in it judged again.`,
        tone: "success",
      });
      onChange();
    });
  const revoke = () =>
    startTransition(async () => {
      if (
        !window.confirm(`Revoke ${d.name}'s token? It provisions nothing more; the people it added stay as they are.`)
      )
        return;
      const result = await revokeScimDirectory({ directoryId: d.id });
      toast(
        result.ok
          ? { title: `${d.name} revoked`, tone: "success" }
          : { title: "Not revoked", description: result.error.message, tone: "error" },
      );
      onChange();
    });
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="directory" data-name={d.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">
            {d.name} {d.revokedAt ? <Badge tone="danger">Revoked</Badge> : <Badge tone="success">Connected</Badge>}
          </p>
          <p className="text-xs text-slate-500">
            Token …{d.tokenHint} · {d.people} {d.people === 1 ? "person" : "people"} · connected by {d.createdBy}{" "}
            {formatMinute(d.createdAt)} ·{" "}
            {d.lastUsedAt ? `last request ${formatMinute(d.lastUsedAt)}` : "no request yet"}
          </p>
        </div>
        {d.revokedAt ? null : (
          <Button variant="ghost" size="sm" onClick={revoke} disabled={pending}>
            Revoke
          </Button>
        )}
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Groups of {d.name} and the roles they give</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="py-1 font-medium">Group</th>
            <th className="py-1 font-medium">Gives</th>
            <th className="py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {d.roleMaps.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-2 text-slate-500">
                No group gives a role yet: people from {d.name} cannot sign in.
              </td>
            </tr>
          ) : (
            d.roleMaps.map((m) => (
              <tr key={m.groupName} className="border-t border-slate-100" data-testid="role-map">
                <td className="py-2 break-all text-slate-900">{m.groupName}</td>
                <td className="py-2">{ROLE_LABELS[m.role].label}</td>
                <td className="py-2 text-right">
                  {d.revokedAt ? null : (
                    <Button variant="ghost" size="sm" disabled={pending} onClick={() => map(m.groupName, "none")}>
                      Remove<span className="sr-only"> {m.groupName}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {d.revokedAt ? null : (
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (role) map(group, role);
            else setError("Choose the role this group gives");
          }}
        >
          <Field label="Group name" error={error} className="w-full min-w-0 sm:w-auto sm:max-w-xs sm:flex-1">
            {(p) => (
              <Input {...p} value={group} onChange={(e) => setGroup(e.target.value)} placeholder="Finance Team" />
            )}
          </Field>
          <Field label="Gives the role" className="w-full sm:w-auto">
            {(p) => (
              <Select
                {...p}
                value={role}
                onChange={(e) => setRole(e.target.value as Role | "")}
                placeholder="Choose…"
                options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r].label }))}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" loading={pending}>
            Map group
          </Button>
        </form>
      )}
    </li>
  );
}
