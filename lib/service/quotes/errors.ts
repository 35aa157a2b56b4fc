import "server-only";

/**
 * Errors a client can cause when asking for a quote. Routes answer them with 400
 * `validation_error`, naming `field` (a wire name) in `details[].path`.
 */
export class QuoteError extends Error {
  readonly code = "validation_error";
  constructor(
    /** The wire name of the offending field, for `details[].path`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type QuoteRouteErrorReason = "unsupported_source" | "unsupported_destination" | "no_rate";

export class QuoteRouteError extends QuoteError {
  constructor(
    readonly reason: QuoteRouteErrorReason,
    field: string,
    message: string,
  ) {
    super(field, message);
  }
}

export type QuoteAmountErrorReason =
  | "exactly_one_amount"
  | "not_a_decimal"
  | "not_positive"
  | "too_many_decimals"
  | "too_large"
  | "does_not_cover_fee"
  | "nothing_delivered";

export class QuoteAmountError extends QuoteError {
  constructor(
    readonly reason: QuoteAmountErrorReason,
    field: string,
    message: string,
    /** For `does_not_cover_fee` and `nothing_delivered`: the smallest S that works. */
    readonly minimumSourceAmount: string | null = null,
  ) {
    super(field, message);
  }
}
