/**
 * Wire enumerations beyond catalog.ts (currencies, rails, routes, event types). Status lists
 * and failure codes are not here: they live with their transition rules in lib/state-machine/.
 */

export const ACCOUNT_TYPES = ["CHECKING", "SAVINGS"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const BENEFICIARY_TYPES = ["INDIVIDUAL", "BUSINESS"] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];
