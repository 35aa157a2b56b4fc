/**
 * The token dialog's resolver, with the server action's schema: loaded on the dialog's first
 * validation (lazyResolver), with zod, not with the Account page (issue 45: the page was 272 kB).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { createAccessTokenSchema } from "@/lib/auth/forms";

export const createTokenResolver = zodResolver(createAccessTokenSchema);
