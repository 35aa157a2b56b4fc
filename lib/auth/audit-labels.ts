/**
 * The audit trail in words (issue 35, finding 15: it showed code names such as
 * `createTrackedDisbursement` and `insufficient_funds`). The code stays in the row's data
 * attributes and the filter's values. Browser-safe.
 */
const ACTION_LABELS: Record<string, string> = {
  createTrackedDisbursement: "Create disbursement",
  createV1Payment: "Create /v1 payment",
  notifyV1Payment: "Notify /v1 payment",
  signIn: "Sign in",
  signOut: "Sign out",
  sharePaymentInstructions: "Share payment instructions",
  revokePayerLinks: "Withdraw payer links",
  clearSignInThrottle: "Lift sign-in throttle",
  createAccessToken: "Create personal access token",
  revokeAccessToken: "Revoke personal access token",
  endListenSession: "End listening session",
  "cli.listen": "Start settlement-console listen",
  "cli.listen_report": "Report a forwarded event (CLI)",
  "cli.listen_secret": "Show the listen secret (CLI)",
  "cli.listen_stop": "Stop settlement-console listen",
  "cli.trigger": "Trigger a sandbox flow (CLI)",
  "tokens.create": "Create personal access token (npm run tokens)",
  "tokens.revoke": "Revoke personal access token (npm run tokens)",
  beginSecondFactorSetup: "Start setting up two-step verification",
  confirmSecondFactorSetup: "Turn on two-step verification",
  proveSecondFactor: "Two-step verification code",
  removeSecondFactor: "Remove two-step verification",
  setSecondFactorRoles: "Require two-step verification for roles",
  resetSecondFactor: "Reset a person's two-step verification",
  revealAccountNumber: "Reveal a masked bank account number",
  beginPasskeySetup: "Start adding a passkey",
  finishPasskeySetup: "Add a passkey",
  removePasskey: "Remove a passkey",
  beginPasskeyProof: "Ask for a passkey",
  finishPasskeyProof: "Two-step verification with a passkey",
};

/** "createSettlementRequest" → "Create settlement request", unless named above. */
export function auditActionLabel(action: string): string {
  const named = ACTION_LABELS[action];
  if (named) return named;
  const words = action.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "ok" → "Done"; "insufficient_funds" → "Insufficient funds". */
export function auditResultLabel(result: string): string {
  if (result === "ok") return "Done";
  const words = result
    .replace(/[_:.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
