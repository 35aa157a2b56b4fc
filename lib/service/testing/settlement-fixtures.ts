import { DESTINATIONS, VALID } from "@/lib/schemas/test-fixtures";

/** Valid create bodies, one per type (tests only). */
export const BODIES = {
  s2s: {
    type: "STABLECOIN_TO_STABLECOIN",
    payment_reason: "GIFTS",
    amount: "100",
    destination: { ...DESTINATIONS.crypto },
  },
  f2s: {
    type: "FIAT_TO_STABLECOIN",
    payment_reason: "INVESTMENTS",
    amount: 250.5,
    source: { currency: "USD", rail: "ACH", country_code: "US" },
    destination: { currency: "USDC", rail: "ETHEREUM", wallet_address: VALID.evm },
  },
  s2f: {
    type: "STABLECOIN_TO_FIAT",
    payment_reason: "EMPLOYEE_SALARIES_OR_WAGES",
    source: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
    destination: { ...DESTINATIONS.aba, amount: "1000.00" },
  },
  f2f: {
    type: "FIAT_TO_FIAT",
    payment_reason: "RENT",
    amount: "500",
    source: { currency: "EUR", rail: "LOCAL", country_code: "DE" },
    destination: { ...DESTINATIONS.ibanGbp },
  },
} as const;

type Obj = Record<string, unknown>;

/**
 * A deep copy of a fixture body with dotted paths set (value `undefined` deletes the field).
 * Tests only.
 */
export function withFields(base: object, fields: Record<string, unknown>): Obj {
  const copy = structuredClone(base) as Obj;
  for (const [path, value] of Object.entries(fields)) {
    const parts = path.split(".");
    let node: Obj = copy;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
      node = node[part] as Obj;
    }
    const last = parts[parts.length - 1];
    if (value === undefined) delete node[last];
    else node[last] = value;
  }
  return copy;
}
