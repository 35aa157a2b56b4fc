"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { can, type Permission, type Role } from "@/lib/auth/permissions";

/** The signed-in person as the browser may know them (no ids of sessions, no secrets). */
export type ShellUser = { name: string; email: string; role: Role };

const ActorContext = createContext<{ user: ShellUser; environment: Environment } | null>(null);

/** Mounted by the shell: client widgets ask `useCan("settlement:create")` to hide what the role cannot do. */
export function ActorProvider({ user, environment, children }: { user: ShellUser; environment: Environment; children: ReactNode }) {
  return <ActorContext.Provider value={{ user, environment }}>{children}</ActorContext.Provider>;
}

export function useActor(): ShellUser | null {
  return useContext(ActorContext)?.user ?? null;
}

/** Whether to show a control. Hiding only: the server refuses on its own. */
export function useCan(permission: Permission): boolean {
  const value = useContext(ActorContext);
  return value ? can(value.user.role, permission, value.environment) : false;
}
