import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/pg-core";

/**
 * The owner key of the request log and the events: hashtext(account_id::text || ':' ||
 * environment), a stored generated column (migration 0025, decision D11.8) that every index of
 * those tables leads with. Never written; store/scope.ts compares it, store/owner-keys.ts says
 * when it alone may stand for the owner.
 */
export const ownerKey = () => integer("owner").generatedAlwaysAs(sql`hashtext(account_id::text || ':' || environment)`);
