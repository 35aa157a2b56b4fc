"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { can, type Permission, type Role } from "@/lib/auth/permissions";

/** The signed-in person as the browser may know them (no ids of sessions, no secrets). */
export type ShellUser = { name: string; email: string; role: Role };

type ActorValue = { user: ShellUser; environment: Environment; apiBaseUrl: string };
const ActorContext = createContext<ActorValue | null>(null);

/** Mounted by the shell: client widgets ask `useCan("settlement:create")` to hide what the role cannot do. */
export function ActorProvider({ children, ...value }: ActorValue & { children: ReactNode }) {
  return <ActorContext.Provider value={value}>{children}</ActorContext.Provider>;
}

export function useActor(): ShellUser | null {
  return useContext(ActorContext)?.user ?? null;
}

/** Whether to show a control. Hiding only: the server refuses on its own. */
export function useCan(permission: Permission): boolean {
  const value = useContext(ActorContext);
  return value ? can(value.user.role, permission, value.environment) : false;
}

/** The base URL of the current environment's API, for "As an API call" snippets. */
export function useApiBaseUrl(): string {
  return useContext(ActorContext)?.apiBaseUrl ?? "";
}

/** The environment the console is pointed at (sandbox unless the shell says otherwise). */
export function useShellEnvironment(): Environment {
  return useContext(ActorContext)?.environment ?? "sandbox";
}
