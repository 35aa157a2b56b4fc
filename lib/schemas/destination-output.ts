/**
 * The destination as responses echo it (decisions D5): account_number, iban and clabe masked to
 * their last four characters, wallet addresses in full, is_third_party always present.
 */
import { z } from "@/lib/schemas/zod";
import { canonicalAmountString } from "./amount";
import { CURRENCIES, RAILS } from "./catalog";
import { ACCOUNT_TYPES, BENEFICIARY_TYPES } from "./enums";
import { MASK_PREFIX } from "./mask";

/** A masked identifier in a response (account_number, iban, clabe). */
const maskedString = z
  .string()
  .regex(new RegExp(`^${MASK_PREFIX}[\\s\\S]{0,4}$`), "Must be masked to its last four characters")
  .meta({ description: "Masked to its last four characters", example: `${MASK_PREFIX}6789` });

export const beneficiaryOutputSchema = z
  .object({
    type: z.enum(BENEFICIARY_TYPES),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    business_name: z.string().nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
    tax_identification_number: z.string().nullish(),
    address: z
      .object({
        country_code: z.string(),
        street_line1: z.string().nullish(),
        street_line2: z.string().nullish(),
        city: z.string().nullish(),
        state_region_or_province: z.string().nullish(),
        postal_code: z.string().nullish(),
      })
      .nullish(),
  })
  .meta({ id: "BeneficiaryOutput" });

export const destinationOutputSchema = z
  .object({
    currency: z.enum(CURRENCIES),
    rail: z.enum(RAILS),
    is_third_party: z.boolean(),
    amount: canonicalAmountString.nullish(),
    wallet_address: z.string().nullish(),
    beneficiary: beneficiaryOutputSchema.nullish(),
    bank_name: z.string().nullish(),
    account_number: maskedString.nullish(),
    routing_number: z.string().nullish(),
    account_type: z.enum(ACCOUNT_TYPES).nullish(),
    iban: maskedString.nullish(),
    bic: z.string().nullish(),
    sort_code: z.string().nullish(),
    clabe: maskedString.nullish(),
    bank_code: z.string().nullish(),
    institution_number: z.string().nullish().meta({ description: "CAD over LOCAL (EFT): 3 digits" }),
    transit_number: z.string().nullish().meta({ description: "CAD over LOCAL (EFT): 5 digits" }),
  })
  .meta({ id: "DestinationOutput" });

export type DestinationOutput = z.output<typeof destinationOutputSchema>;
