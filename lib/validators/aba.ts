/**
 * US ABA routing numbers: 9 digits, a valid Federal Reserve prefix and the 3-7-1 checksum.
 */

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * First two digits: 01–12 (Federal Reserve banks), 21–32 (thrifts), 61–72 (electronic),
 * 80 (traveller's cheques). 00 (U.S. Government) is refused: it is never a beneficiary's bank,
 * and it would let 000000000 through.
 */
function validPrefix(p: number): boolean {
  return (p >= 1 && p <= 12) || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80;
}

/** Why a routing number is invalid, or null when it is valid. */
export function abaRoutingProblem(value: string): string | null {
  if (!/^\d{9}$/.test(value)) return "must be exactly 9 digits";
  if (!validPrefix(Number(value.slice(0, 2)))) return "has an unknown Federal Reserve prefix";
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * WEIGHTS[i];
  return sum % 10 === 0 ? null : "fails the ABA checksum";
}

export function isValidAbaRouting(value: string): boolean {
  return abaRoutingProblem(value) === null;
}
