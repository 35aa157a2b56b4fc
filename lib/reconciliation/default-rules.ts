import type { MatchRule } from "./types";

/** The rules finance starts with, in their order. */
export const DEFAULT_RULES: readonly MatchRule[] = [
  {
    id: "reference",
    name: "Same reference, amount and date",
    strategy: "1:1",
    byReference: true,
    graceDays: 0,
    enabled: true,
  },
  {
    id: "reference-split",
    name: "One invoice paid in parts",
    strategy: "1:N",
    byReference: true,
    graceDays: 0,
    enabled: true,
  },
  {
    id: "reference-combined",
    name: "Several invoices paid at once",
    strategy: "N:1",
    byReference: true,
    graceDays: 0,
    enabled: true,
  },
  {
    id: "counterparty",
    name: "Same counterparty, amount and date",
    strategy: "1:1",
    byReference: false,
    graceDays: 0,
    enabled: true,
  },
];
