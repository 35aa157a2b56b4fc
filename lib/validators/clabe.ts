/**
 * Mexican CLABE: 18 digits (3 bank, 3 branch, 11 account, 1 check). The check digit is
 * (10 − (Σ (dᵢ × wᵢ mod 10)) mod 10) mod 10 over the first 17 digits, weights 3, 7, 1 repeating.
 */

const WEIGHTS = [3, 7, 1] as const;

/** The check digit of the first 17 digits. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]) % 10;
  return (10 - (sum % 10)) % 10;
}

/** Why a CLABE is invalid, or null when it is valid. */
export function clabeProblem(value: string): string | null {
  if (!/^\d{18}$/.test(value)) return "must be exactly 18 digits";
  return clabeCheckDigit(value.slice(0, 17)) === Number(value[17]) ? null : "fails the CLABE check digit";
}

export function isValidClabe(value: string): boolean {
  return clabeProblem(value) === null;
}
