/** A team's chat channel, as the Settings form and saveNoticeChannel parse it (browser-safe). */
import { ROLES } from "@/lib/auth/permissions";
import { z } from "@/lib/schemas/zod";
import { CHAT_SERVICES } from "./kinds";

export const noticeChannelSchema = z.object({
  team: z.enum(ROLES),
  service: z.enum(CHAT_SERVICES),
  /** How people recognise it: "#payments-ops". */
  name: z.string().trim().min(1, "Name the channel, as people know it (#payments-ops)").max(80),
  /** The incoming webhook's URL: the channel's credential, sealed when stored and never shown again. */
  url: z.string().trim().min(1, "Paste the channel's incoming webhook URL").max(2000),
});
export type NoticeChannelInput = z.input<typeof noticeChannelSchema>;
