/** The team channel form's resolver (with zod): loaded on the first validation, not with the Settings page. */
import { zodResolver } from "@hookform/resolvers/zod";
import { noticeChannelSchema } from "@/lib/notices/channel-form";

export const noticeChannelResolver = zodResolver(noticeChannelSchema);
