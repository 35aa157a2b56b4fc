import "server-only";
import { cookies } from "next/headers";
import { ENVIRONMENT_COOKIE, parseEnvironment, type Environment } from "@/lib/dashboard/environment-schema";

/** The environment the console is pointed at, from the `console_env` cookie; sandbox by default. */
export async function getEnvironment(): Promise<Environment> {
  const store = await cookies();
  return parseEnvironment(store.get(ENVIRONMENT_COOKIE)?.value);
}
