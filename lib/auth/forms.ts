/**
 * The zod schemas of the sign-in and administration forms, shared by the forms (react-hook-form)
 * and the server actions that parse the same input again. Browser-safe.
 */
import { z } from "@/lib/schemas/zod";
import { ENVIRONMENTS } from "@/lib/schemas/catalog";
import { NEW_PASSWORD_MIN, PASSWORD_MAX, PASSWORD_MESSAGES as M } from "./password-checks";
import { ROLES } from "./permissions";

const emailOf = (missing: string) =>
  z.string().trim().min(1, missing).max(254, M.emailInvalid).pipe(z.email(M.emailInvalid));
const email = emailOf(M.emailMissing);
const newPassword = z.string().min(NEW_PASSWORD_MIN, M.newTooShort).max(PASSWORD_MAX, M.newTooLong);
const id = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, "Not a valid id");

export const signInSchema = z.object({
  email,
  password: z.string().min(1, M.passwordMissing).max(PASSWORD_MAX, M.passwordTooLong),
});
export type SignInInput = z.input<typeof signInSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, M.currentMissing).max(PASSWORD_MAX),
    newPassword,
    confirmPassword: z.string().min(1, M.confirmMissing),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ["confirmPassword"], message: M.confirmDiffers })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ["newPassword"], message: M.newUnchanged });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const createUserSchema = z.object({
  // someone else's address: "their", not "your"
  email: emailOf("Enter their email address"),
  name: z.string().trim().min(1, "Enter a name").max(100, "Use at most 100 characters"),
  role: z.enum(ROLES, "Choose a role"),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const changeUserRoleSchema = z.object({ userId: id, role: z.enum(ROLES, "Choose a role") });
export const setUserDisabledSchema = z.object({ userId: id, disabled: z.boolean() });
export const resetUserPasswordSchema = z.object({ userId: id });

export const createApiKeySchema = z.object({
  environment: z.enum(ENVIRONMENTS, "Choose an environment"),
  label: z
    .string()
    .trim()
    .max(60, "Use at most 60 characters")
    .regex(/^[\w .,:()/-]*$/, "Letters, digits, spaces and . , : ( ) / - only")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** `environment`: the keys page's; a remote service's key is revoked through its admin API. */
export const revokeApiKeySchema = z.object({ id, environment: z.enum(ENVIRONMENTS).optional() });

/** How long a new personal access token lives (the Account page offers these; npm run tokens takes any up to 365d). */
export const TOKEN_EXPIRY_CHOICES = ["7d", "30d", "90d"] as const;

export const createAccessTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the token after where it lives, e.g. “laptop”")
    .max(60, "Use at most 60 characters")
    .regex(/^[\w .,:()/-]*$/, "Letters, digits, spaces and . , : ( ) / - only"),
  expires: z.enum(TOKEN_EXPIRY_CHOICES, "Choose when it expires"),
});
export type CreateAccessTokenInput = z.input<typeof createAccessTokenSchema>;

export const revokeAccessTokenSchema = z.object({ id });
export const endListenSessionSchema = z.object({ id });

/** A code from an authenticator app (6 digits) or a recovery code (issue 43). */
export const codeSchema = z.object({
  code: z.string().trim().min(1, "Enter the code").max(40, "That is not a code"),
});
