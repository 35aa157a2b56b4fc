import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A team's chat channel (migration 0055): drizzle's view of it, for re-sealing its URL on a key rotation. */
export const noticeChannels = pgTable("console_notice_channels", {
  id: text("id").primaryKey(),
  team: text("team").notNull(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
