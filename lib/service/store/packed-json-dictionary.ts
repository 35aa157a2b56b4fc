/**
 * The preset dictionary of packed JSON, format 1 (packed-json.ts). Frozen: every stored body of
 * format 1 needs these exact bytes to be read back, so a change is a new format with its own
 * dictionary, never an edit here (packed-json.test.ts pins its SHA-256).
 *
 * It holds the API's vocabulary, not anybody's data: the keys of its answers in the order the
 * service writes them, and the values every account repeats (statuses, types, rails,
 * currencies, error codes). Deflate finds matches cheapest near the end, so the commonest
 * shapes (a settlement request, a payment) come last.
 */
export const DICTIONARY_V1 = [
  '{"status_code":400,"error":"validation_error","message":"","details":[{"path":"","message":"Required"}]}',
  '{"status_code":404,"error":"not_found","message":"Settlement request not found"}',
  '{"status_code":409,"error":"idempotency_conflict","message":""}{"status_code":422,"error":"invalid_state_transition","message":""}',
  '{"status_code":429,"error":"rate_limited","message":""}{"status_code":401,"error":"unauthorized","message":""}',
  '"pagination":{"page":1,"page_size":20,"total":0,"total_pages":0,"total_capped":false}}',
  '{"environment":"sandbox","account":{"id":"","name":""},"balances":[{"currency":"USDC","total_balance":"","available_balance":"","reserved_balance":"0.00000000"}]',
  '{"id":"","url":"https://","events":["settlement_request.created","settlement_request.updated","payment.created","payment.updated","disbursement.created","disbursement.updated","balance.low"],"status":"ACTIVE","secret":"whsec_',
  '{"id":"","status":"PENDING","amount":"","currency":"","rail":"","wallet_address":"","transaction_hash":null,"external_id":"","metadata":{},"created_at":"","updated_at":"","completed_at":null,"failure_reason":null}',
  '"beneficiary":{"type":"INDIVIDUAL","first_name":"","last_name":"","address":{"line1":"","city":"","postal_code":"","country_code":"US"}}',
  '"beneficiary":{"type":"BUSINESS","business_name":"","address":{"city":"","country_code":"GB"}}',
  '"account_type":"CHECKING","bank_name":"","sort_code":"","clabe":"","iban":"••••","bic":"","institution_number":"","transit_number":"',
  '"rail":"ACH","rail":"RTP","rail":"DOMESTIC_WIRE","rail":"SEPA","rail":"LOCAL","rail":"ETHEREUM","rail":"POLYGON","rail":"BASE","rail":"TRON","rail":"SOLANA",',
  '"currency":"EUR","currency":"GBP","currency":"MXN","currency":"NGN","currency":"CAD","currency":"EURC","currency":"USDT","currency":"USD","currency":"USDC",',
  '"status":"REQUEST_EXPIRED","status":"REQUEST_CANCELED","status":"PAYIN_FAILED","status":"PAYIN_AMOUNT_MISMATCH","status":"PAYOUT_FAILED","status":"REQUEST_FAILED","status":"FUNDS_SENT","status":"FUNDS_RECEIVED","status":"SETTLEMENT_SENT","status":"REQUEST_COMPLETED","status":"COMPLETED","status":"FAILED","status":"PROCESSING",',
  '{"type":"STABLECOIN_TO_FIAT","payment_reason":"EMPLOYEE_SALARIES_OR_WAGES","type":"FIAT_TO_STABLECOIN","payment_reason":"INVESTMENTS","type":"FIAT_TO_FIAT","payment_reason":"RENT","type":"STABLECOIN_TO_STABLECOIN","payment_reason":"GIFTS"',
  '{"data":[{"id":"evt_","type":"settlement_request.updated","created_at":"","data":',
  '{"id":"","type":"PAYIN","status":"AWAITING_FUNDS","source":{"amount":"","currency":"","rail":"","wallet_address":null,"transaction_hash":null},"destination":{"amount":"","currency":"","rail":"","wallet_address":null,"transaction_hash":null},"created_at":"","updated_at":"","completed_at":null,"settlement_request_id":"","disbursement_id":null,"fee":"0.00000000","metadata":{},"failure_reason":null}',
  '{"id":"","type":"","payment_reason":"","status":"REQUEST_STARTED","amount":"","destination":{"rail":"","currency":"","is_third_party":false,"account_number":"••••","routing_number":"","wallet_address":""},"source":{"rail":"","currency":"","country_code":"","wallet_address":""},',
  '"payment_instructions":{"fee":{"fixed":1,"total":5,"variable":0.005},"chain":"","rail":"","amount":"","currency":"","bank_name":"Settlement Sandbox Bank","valid_until":"","exchange_rate":"1","account_number":"","routing_number":"","deposit_message":"SR-","wallet_address":"","destination_amount":"","destination_currency":""},',
  '"inbound_payment":{"id":"","type":"PAYIN","status":"AWAITING_FUNDS","amount":"","currency":"","created_at":""},"outbound_payment":{"id":"","type":"PAYOUT","status":"AWAITING_FUNDS","amount":"","currency":"","created_at":""},',
  '"external_id":"","metadata":{},"created_at":"2026-","updated_at":"2026-","processing_at":null,"completed_at":null,"reconciliation_expected_at":null,"failure_code":null,"failure_reason":null}',
].join("");
