/**
 * Nigerian NUBAN account numbers (CBN standard): 10 digits, a 9-digit serial and a check digit.
 *
 * Check digit: weights 3, 7, 3 repeating over the bank code followed by the 9-digit serial;
 * check = 10 − (sum mod 10), with 10 written as 0.
 *
 * Bank codes (decision): a 3-digit CBN code of a deposit money bank (e.g. 011, 058), or the
 * 6-digit code of another financial institution under the revised (2020) standard. The revised
 * standard pads 3-digit codes to 6 with leading zeros and weighs 15 digits; zeros add nothing and
 * the weights repeat every 3, so both forms use the same computation. 5-digit codes (which some
 * aggregators use for microfinance banks) are not CBN codes and are refused, as are codes of
 * other lengths: taking "the last 3 digits" would accept account numbers of the wrong bank.
 */

const WEIGHTS = [3, 7, 3] as const;

export function isValidNgnBankCode(code: string): boolean {
  return /^(\d{3}|\d{6})$/.test(code);
}

/** The check digit for a bank code (3 or 6 digits) and a 9-digit serial. */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = bankCode.padStart(6, "0") + serial;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * WEIGHTS[i % 3];
  const check = 10 - (sum % 10);
  return check === 10 ? 0 : check;
}

/** Why an account number is not a NUBAN of this bank, or null when it is. */
export function nubanProblem(accountNumber: string, bankCode: string): string | null {
  if (!/^\d{10}$/.test(accountNumber)) return "must be exactly 10 digits (NUBAN)";
  if (!isValidNgnBankCode(bankCode)) return "cannot be checked: bank_code must be 3 or 6 digits";
  const expected = nubanCheckDigit(bankCode, accountNumber.slice(0, 9));
  return expected === Number(accountNumber[9]) ? null : "fails the NUBAN check digit for this bank_code";
}

export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  return nubanProblem(accountNumber, bankCode) === null;
}
