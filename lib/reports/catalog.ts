/** The reports and their words (browser-safe). */
export const REPORT_IDS = [
  "settlement_requests",
  "payments",
  "disbursements",
  "balance_statement",
  "reconciliation",
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const REPORT_LABELS: Record<ReportId, { label: string; description: string }> = {
  settlement_requests: {
    label: "Settlement requests",
    description: "Every request created in the month, with amounts, fees and statuses.",
  },
  payments: {
    label: "Payments",
    description: "Every inbound and outbound payment created in the month, with what arrived and the fee.",
  },
  disbursements: { label: "Disbursements", description: "Every disbursement created in the month." },
  balance_statement: {
    label: "Balance statement",
    description: "Every ledger movement of each stablecoin in the month, with the balance after.",
  },
  reconciliation: {
    label: "Reconciliation",
    description: "The month's matches with their reasons, and its exceptions with how each was worked.",
  },
};

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
