import { describe, expect, it } from "vitest";
import { changePasswordSchema, signInSchema } from "./forms";
import { checkChangePassword, checkSignIn } from "./password-checks";

/** The first message zod gives each field, as the forms would show it. */
function zodErrors(schema: typeof signInSchema | typeof changePasswordSchema, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}

describe("the browser's checks say what the server's schemas say", () => {
  it.each([
    { email: "", password: "" },
    { email: "  ", password: "x" },
    { email: "ada", password: "x" },
    { email: "ada@example", password: "x" },
    { email: "ada@example.com", password: "" },
    { email: " ada@example.com ", password: "secret" },
    { email: "a b@example.com", password: "secret" },
    { email: "ada@example.com", password: "x".repeat(129) },
  ])("sign in %j", (value) => expect(checkSignIn(value)).toEqual(zodErrors(signInSchema, value)));

  it.each([
    { currentPassword: "", newPassword: "", confirmPassword: "" },
    { currentPassword: "old", newPassword: "short", confirmPassword: "short" },
    { currentPassword: "old", newPassword: "a long new password", confirmPassword: "" },
    { currentPassword: "old", newPassword: "a long new password", confirmPassword: "another one" },
    {
      currentPassword: "a long new password",
      newPassword: "a long new password",
      confirmPassword: "a long new password",
    },
    { currentPassword: "old", newPassword: "a long new password", confirmPassword: "a long new password" },
    { currentPassword: "old", newPassword: "x".repeat(129), confirmPassword: "x".repeat(129) },
  ])("change password %j", (value) =>
    expect(checkChangePassword(value)).toEqual(zodErrors(changePasswordSchema, value)),
  );
});
