import { z } from "@/lib/schemas/zod";
import { ENVIRONMENTS, type Environment } from "@/lib/schemas/catalog";

/** Browser-safe: the cookie's name and the one schema its value must pass. */
export const ENVIRONMENT_COOKIE = "console_env";
export const environmentSchema = z.enum(ENVIRONMENTS);
export const DEFAULT_ENVIRONMENT: Environment = "sandbox";
export type { Environment };

/** Anything that is not exactly a known environment reads as sandbox: never fail open to production. */
export function parseEnvironment(value: unknown): Environment {
  const parsed = environmentSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_ENVIRONMENT;
}
