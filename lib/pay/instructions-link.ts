import "server-only";
import { readToken, signToken } from "@/lib/auth/signed-token";
import { environmentSchema, type Environment } from "@/lib/dashboard/environment-schema";

/**
 * Links a finance or support person sends to a payer: `/pay/<token>` opens one request's
 * payment instructions, and nothing else of the console, without signing in. The token names
 * the environment, the request, when it was made and when it expires (the instructions'
 * valid_until), signed with the console's AUTH_SECRET (the same on every instance): a link
 * cannot be listed or guessed, and it ends with the instructions. An administrator can revoke
 * every link of a request made before a moment (lib/pay/pay-links.ts). Decisions D17.4.
 */
export type InstructionsLink = { environment: Environment; requestId: string; expiresAt: Date; issuedAt: Date };

const PURPOSE = "payment-instructions:v1";

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function signInstructionsLink(link: InstructionsLink): string {
  return signToken(PURPOSE, [
    link.environment,
    link.requestId,
    String(seconds(link.expiresAt)),
    String(seconds(link.issuedAt)),
  ]);
}

/** The link a token stands for, "expired" once past its time, or null if it was not signed here. */
export function readInstructionsLink(token: string, now = new Date()): InstructionsLink | "expired" | null {
  const fields = readToken(PURPOSE, token, 400);
  if (!fields) return null;
  const [environment, requestId, expires, issued = "0"] = fields;
  const env = environmentSchema.safeParse(environment);
  const expiresSeconds = Number(expires);
  const issuedSeconds = Number(issued);
  if (!env.success || !requestId || !Number.isSafeInteger(expiresSeconds) || !Number.isSafeInteger(issuedSeconds))
    return null;
  const expiresAt = new Date(expiresSeconds * 1000);
  return expiresAt.getTime() <= now.getTime()
    ? "expired"
    : { environment: env.data, requestId, expiresAt, issuedAt: new Date(issuedSeconds * 1000) };
}
