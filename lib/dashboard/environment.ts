"use server";

import { cookies } from "next/headers";
import { ENVIRONMENT_COOKIE, environmentSchema, type Environment } from "./environment-schema";

export type SetEnvironmentResult = { ok: true; environment: Environment } | { ok: false; error: string };

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/**
 * Points this browser's console at sandbox or production. A server action is a public POST
 * endpoint: the input is validated with zod and the only effect is this caller's own cookie
 * (a display preference; the API key of each environment stays on the server). When sessions
 * exist, route this through the shared action wrapper so it also checks the session.
 */
export async function setEnvironment(value: unknown): Promise<SetEnvironmentResult> {
  const parsed = environmentSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: "Environment must be sandbox or production." };

  const store = await cookies();
  store.set(ENVIRONMENT_COOKIE, parsed.data, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NODE_ENV === "production", // browsers accept Secure cookies on http://localhost
    maxAge: ONE_YEAR_S,
  });
  return { ok: true, environment: parsed.data };
}
