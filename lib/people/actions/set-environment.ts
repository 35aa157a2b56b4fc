"use server";

import { cookies } from "next/headers";
import { ENVIRONMENT_COOKIE, environmentSchema } from "@/lib/dashboard/environment-schema";
import { consoleAction } from "@/lib/actions/action";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/**
 * Points this browser's console at sandbox or production: the caller's own cookie, a display
 * preference (each environment's API key stays on the server). Through the one wrapper like
 * every action: a session is needed, the input is parsed, the call is audited and measured.
 */
export const setEnvironment = consoleAction({
  name: "setEnvironment",
  permission: "read",
  input: environmentSchema,
  run: async (environment) => {
    const store = await cookies();
    store.set(ENVIRONMENT_COOKIE, environment, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: process.env.NODE_ENV === "production", // browsers accept Secure cookies on http://localhost
      maxAge: ONE_YEAR_S,
    });
    return { ok: true, data: { environment }, audit: { environment, detail: `environment ${environment}` } };
  },
});
