/**
 * Valid wire values for tests (real, checksummed identifiers). Not imported by app code.
 */
export const VALID = {
  /** A Solana transaction signature (base58, 64 bytes). */
  solanaTx: "99eUso3aSbE9tqGSTXzo3TLfKb9RkMTURrHKQ1K7Zh3BbeqPevr5E1iCbpTjqHuTFLtfxTTD5ekfVuZFzQyEQf8",
  routing: "011000015",
  ibanDE: "DE89370400440532013000",
  ibanGB: "GB82WEST12345698765432",
  clabe: "032180000118359719",
  nuban: { account_number: "0000014579", bank_code: "011" },
  evm: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  solana: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  tron: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
} as const;

export const individual = (country: string) => ({
  type: "INDIVIDUAL",
  first_name: "Ada",
  last_name: "Lovelace",
  address: { country_code: country },
});

export const business = (country: string) => ({
  type: "BUSINESS",
  business_name: "Acme Ltd",
  address: { country_code: country, city: "London" },
});

/** One valid destination per shape. */
export const DESTINATIONS = {
  crypto: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
  aba: {
    currency: "USD",
    rail: "ACH",
    bank_name: "Chase",
    account_number: "123456789",
    routing_number: VALID.routing,
    account_type: "CHECKING",
    beneficiary: individual("US"),
  },
  ibanEur: { currency: "EUR", rail: "LOCAL", iban: VALID.ibanDE, bic: "COBADEFFXXX", beneficiary: individual("DE") },
  ibanGbp: { currency: "GBP", rail: "LOCAL", iban: VALID.ibanGB, sort_code: "123456", beneficiary: business("GB") },
  clabe: { currency: "MXN", rail: "LOCAL", clabe: VALID.clabe, beneficiary: individual("MX") },
  ngn: { currency: "NGN", rail: "LOCAL", ...VALID.nuban, beneficiary: individual("NG") },
} as const;
