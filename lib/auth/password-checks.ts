/**
 * What the sign-in and change-password forms check in the browser before they send, without a
 * schema library (these forms sit on pages that must load light). The server actions parse the
 * same input again with the zod schemas in ./forms, which use these messages; forms.test.ts
 * checks that both agree.
 */

export const PASSWORD_MESSAGES = {
  emailMissing: "Enter your email address",
  emailInvalid: "Enter a valid email address",
  passwordMissing: "Enter your password",
  passwordTooLong: "That is not a valid password",
  currentMissing: "Enter your current password",
  newTooShort: "Use at least 12 characters",
  newTooLong: "Use at most 128 characters",
  confirmMissing: "Repeat the new password",
  confirmDiffers: "The two new passwords differ",
  newUnchanged: "Choose a password you have not used here",
} as const;

export const NEW_PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

type Errors<F extends string> = Partial<Record<F, string>>;
const M = PASSWORD_MESSAGES;

/** The same test as zod's `z.email()`, kept short: one @, a dot in the domain, no spaces. */
function looksLikeEmail(value: string): boolean {
  return /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/.test(value);
}

export function checkSignIn(v: { email: string; password: string }): Errors<"email" | "password"> {
  const errors: Errors<"email" | "password"> = {};
  const email = v.email.trim();
  if (!email) errors.email = M.emailMissing;
  else if (email.length > 254 || !looksLikeEmail(email)) errors.email = M.emailInvalid;
  if (!v.password) errors.password = M.passwordMissing;
  else if (v.password.length > PASSWORD_MAX) errors.password = M.passwordTooLong;
  return errors;
}

export function checkChangePassword(v: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Errors<"currentPassword" | "newPassword" | "confirmPassword"> {
  const errors: Errors<"currentPassword" | "newPassword" | "confirmPassword"> = {};
  if (!v.currentPassword) errors.currentPassword = M.currentMissing;
  if (v.newPassword.length < NEW_PASSWORD_MIN) errors.newPassword = M.newTooShort;
  else if (v.newPassword.length > PASSWORD_MAX) errors.newPassword = M.newTooLong;
  if (!v.confirmPassword) errors.confirmPassword = M.confirmMissing;
  else if (v.confirmPassword !== v.newPassword) errors.confirmPassword = M.confirmDiffers;
  if (!errors.newPassword && v.currentPassword && v.newPassword === v.currentPassword)
    errors.newPassword = M.newUnchanged;
  return errors;
}
