"use server";

import { eq } from "drizzle-orm";
import { addLimit } from "@/lib/approvals/limits";
import { dailyLimitSchema } from "@/lib/approvals/limit-form";
import { consoleUsers } from "@/lib/auth/schema";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, refused } from "@/lib/actions/action";

/** Sets a production daily limit for a role or a person, in USD (replacing theirs). */
export const saveDailyLimit = consoleAction({
  name: "saveDailyLimit",
  permission: "approvals:rules",
  input: dailyLimitSchema,
  run: async (input, { actor }) => {
    const { db } = await getDatabase();
    let user: { id: string; email: string } | undefined;
    if (input.scope === "person") {
      [user] = await db
        .select({ id: consoleUsers.id, email: consoleUsers.email })
        .from(consoleUsers)
        .where(eq(consoleUsers.email, (input.email ?? "").toLowerCase()))
        .limit(1);
      if (!user) return refused("not_found", "No person with that email.", { email: "No person with that email" });
    }
    const row = await addLimit(db, {
      environment: "production",
      role: input.scope === "role" ? (input.role ?? null) : null,
      userId: user?.id ?? null,
      userEmail: user?.email ?? null,
      currency: input.currency,
      amount: input.amount,
      createdBy: actor.email,
    });
    const who = user ? user.email : `role ${input.role}`;
    return {
      ok: true,
      data: { id: row.id },
      audit: { targetId: row.id, environment: "production", detail: `${who}: ${input.amount} ${input.currency} a day` },
    };
  },
});
