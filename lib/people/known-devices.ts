import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";

/** The cookie that tells a browser seen before (a random token; the database keeps its SHA-256). */
export const DEVICE_COOKIE = "console_device";
/** How long a browser stays known without a sign-in: 400 days, the longest a browser keeps a cookie. */
export const DEVICE_COOKIE_SECONDS = 400 * 86_400;

/** A new browser's token: 32 random bytes, base64url. */
export const newDeviceToken = (): string => randomBytes(32).toString("base64url");

/** A token as a cookie brings it, if it looks like one (anything else is a new browser). */
export const parseDeviceToken = (value: string | undefined): string | null =>
  value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;

/**
 * Records a successful sign-in from the browser with `token`, in one statement: a browser this
 * person signed in from before is seen again; one they never did is added. `isNew` is true for
 * an added browser, `firstEver` when it is the person's first browser of all (their first
 * sign-in, which tells them nothing new); `key` names the browser without its token. Two sign-ins racing from one new browser add it once.
 */
export async function noteSignInDevice(
  db: Executor,
  userId: string,
  token: string,
  device: string,
  address: string | null,
): Promise<{ isNew: boolean; firstEver: boolean; key: string }> {
  const hash = createHash("sha256").update(token).digest("hex");
  const [row] = await queryRows<{ inserted: boolean; had_any: boolean }>(
    db,
    sql`with had as (select exists (select 1 from console_known_devices where user_id = ${userId}) as had_any),
             noted as (
               insert into console_known_devices (user_id, token_sha256, device, first_address, last_address)
               values (${userId}, ${hash}, ${device}, ${address}, ${address})
               on conflict (user_id, token_sha256) do update
                 set last_seen_at = now(), last_address = excluded.last_address
               returning (xmax = 0) as inserted)
        select noted.inserted, had.had_any from noted, had`,
  );
  return { isNew: row?.inserted === true, firstEver: row?.had_any === false, key: hash.slice(0, 16) };
}
