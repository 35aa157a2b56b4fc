import { sql as core } from "./0001_core";
import { sql as settlement } from "./0002_settlement";
import { sql as webhooks } from "./0003_webhooks";
import { sql as balances } from "./0004_balances";
import { sql as auth } from "./0006_auth";
import { sql as dashboard } from "./0007_dashboard";
import { sql as inbox } from "./0008_inbox";
import { sql as rateLimitGrants } from "./0009_rate_limit_grants";
import { sql as extensions } from "./0010_extensions";
import { sql as consoleSecurity } from "./0011_console_security";
import { sql as search } from "./0012_search";
import { sql as requestLogSecrets } from "./0013_request_log_secrets";
import { sql as securityReview } from "./0014_security_review";
import { sql as searchPrefixes } from "./0015_search_prefixes";
import { sql as requestLogCaller } from "./0016_request_log_caller";
import { sql as rollups } from "./0017_rollups";
import { sql as partitions } from "./0018_partitions";
import { sql as listen } from "./0019_listen";
import { sql as approvals } from "./0020_approvals";
import { sql as dailyLimits } from "./0021_daily_limits";
import { sql as payees } from "./0022_payees";
import { sql as submissionSecrets } from "./0023_submission_secrets";
import { sql as batches } from "./0024_batches";
import { sql as compactLogs } from "./0025_compact_logs";
import { sql as totalRollups } from "./0026_total_rollups";
import { sql as requestLogOthers } from "./0027_request_log_others";
import { sql as deliveryLookups } from "./0028_delivery_lookups";
import { sql as auditNoise } from "./0029_audit_noise";
import { sql as secondFactor } from "./0030_second_factor";
import { sql as moneyCalls } from "./0031_money_calls";
import { sql as passkeys } from "./0032_passkeys";
import { sql as batchDecisions } from "./0033_batch_decisions";
import { sql as batchFollowUps } from "./0034_batch_follow_ups";
import { sql as auditLog } from "./0035_audit_log";
import { sql as reconciliation } from "./0036_reconciliation";
import { sql as reports } from "./0037_reports";
import { sql as reportSchedules } from "./0038_report_schedules";
import { sql as reportClaims } from "./0039_report_claims";
import { sql as reconCloseReads } from "./0040_recon_close_reads";
import { sql as passkeyVerifier } from "./0041_passkey_verifier";
import { sql as payeeBanks } from "./0042_payee_banks";
import { sql as inboxNumbers } from "./0043_inbox_numbers";
import { sql as webhookSecretRotation } from "./0044_webhook_secret_rotation";
import { sql as webhookThrottle } from "./0045_webhook_throttle";
import { sql as webhookReplays } from "./0046_webhook_replays";
import { sql as webhookHealth } from "./0047_webhook_health";
import { sql as webhookFilters } from "./0048_webhook_filters";
import { sql as deviceBoundApprovals } from "./0049_device_bound_approvals";
import { sql as notices } from "./0050_notices";
import { sql as scim } from "./0051_scim";
import { sql as knownDevices } from "./0052_known_devices";
import { sql as runwayFloors } from "./0053_runway_floors";
import { sql as payinDecisions } from "./0054_payin_decisions";
import { sql as noticeChannels } from "./0055_notice_channels";
import { sql as duplicatePayins } from "./0056_duplicate_payins";

/**
 * Every migration, in order. Each runs once, inside a transaction, recorded in
 * schema_migrations. Add a file and a line here; never edit one that has shipped.
 */
export const MIGRATIONS: ReadonlyArray<{ id: string; sql: string }> = [
  { id: "0001_core", sql: core },
  { id: "0002_settlement", sql: settlement },
  { id: "0003_webhooks", sql: webhooks },
  { id: "0004_balances", sql: balances },
  { id: "0006_auth", sql: auth },
  { id: "0007_dashboard", sql: dashboard },
  { id: "0008_inbox", sql: inbox },
  { id: "0009_rate_limit_grants", sql: rateLimitGrants },
  { id: "0010_extensions", sql: extensions },
  { id: "0011_console_security", sql: consoleSecurity },
  { id: "0012_search", sql: search },
  { id: "0013_request_log_secrets", sql: requestLogSecrets },
  { id: "0014_security_review", sql: securityReview },
  { id: "0015_search_prefixes", sql: searchPrefixes },
  { id: "0016_request_log_caller", sql: requestLogCaller },
  { id: "0017_rollups", sql: rollups },
  { id: "0018_partitions", sql: partitions },
  { id: "0019_listen", sql: listen },
  { id: "0020_approvals", sql: approvals },
  { id: "0021_daily_limits", sql: dailyLimits },
  { id: "0022_payees", sql: payees },
  { id: "0023_submission_secrets", sql: submissionSecrets },
  { id: "0024_batches", sql: batches },
  { id: "0025_compact_logs", sql: compactLogs },
  { id: "0026_total_rollups", sql: totalRollups },
  { id: "0027_request_log_others", sql: requestLogOthers },
  { id: "0028_delivery_lookups", sql: deliveryLookups },
  { id: "0029_audit_noise", sql: auditNoise },
  { id: "0030_second_factor", sql: secondFactor },
  { id: "0031_money_calls", sql: moneyCalls },
  { id: "0032_passkeys", sql: passkeys },
  { id: "0033_batch_decisions", sql: batchDecisions },
  { id: "0034_batch_follow_ups", sql: batchFollowUps },
  { id: "0035_audit_log", sql: auditLog },
  { id: "0036_reconciliation", sql: reconciliation },
  { id: "0037_reports", sql: reports },
  { id: "0038_report_schedules", sql: reportSchedules },
  { id: "0039_report_claims", sql: reportClaims },
  { id: "0040_recon_close_reads", sql: reconCloseReads },
  { id: "0041_passkey_verifier", sql: passkeyVerifier },
  { id: "0042_payee_banks", sql: payeeBanks },
  { id: "0043_inbox_numbers", sql: inboxNumbers },
  { id: "0044_webhook_secret_rotation", sql: webhookSecretRotation },
  { id: "0045_webhook_throttle", sql: webhookThrottle },
  { id: "0046_webhook_replays", sql: webhookReplays },
  { id: "0047_webhook_health", sql: webhookHealth },
  { id: "0048_webhook_filters", sql: webhookFilters },
  { id: "0049_device_bound_approvals", sql: deviceBoundApprovals },
  { id: "0050_notices", sql: notices },
  { id: "0051_scim", sql: scim },
  { id: "0052_known_devices", sql: knownDevices },
  { id: "0053_runway_floors", sql: runwayFloors },
  { id: "0054_payin_decisions", sql: payinDecisions },
  { id: "0055_notice_channels", sql: noticeChannels },
  { id: "0056_duplicate_payins", sql: duplicatePayins },
];
