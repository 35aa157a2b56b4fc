/**
 * The beneficiary of a fiat destination (decisions D5): INDIVIDUAL needs first and last name,
 * BUSINESS needs business_name; both need address.country_code.
 */
import { z } from "@/lib/schemas/zod";
import { BENEFICIARY_TYPES } from "./enums";
import { countryCode, discriminatorMessage, text } from "./common";

export const addressSchema = z
  .object({
    country_code: countryCode,
    street_line1: text().optional(),
    street_line2: text().optional(),
    city: text().optional(),
    state_region_or_province: text().optional(),
    postal_code: text(32).optional(),
  })
  .meta({ id: "Address" });

const common = {
  address: addressSchema,
  email: z.email().max(255).optional(),
  phone: text(32).optional(),
  tax_identification_number: text(64).optional(),
};

export const individualBeneficiarySchema = z
  .object({
    type: z.literal("INDIVIDUAL"),
    first_name: text(),
    last_name: text(),
    business_name: text().optional(),
    ...common,
  })
  .meta({ id: "IndividualBeneficiary" });

export const businessBeneficiarySchema = z
  .object({
    type: z.literal("BUSINESS"),
    business_name: text(),
    first_name: text().optional(),
    last_name: text().optional(),
    ...common,
  })
  .meta({ id: "BusinessBeneficiary" });

export const beneficiarySchema = z.discriminatedUnion(
  "type",
  [individualBeneficiarySchema, businessBeneficiarySchema],
  { error: discriminatorMessage("type", (v) => `Must be one of ${BENEFICIARY_TYPES.join(", ")} (got ${String(v)})`) },
);

export type Beneficiary = z.infer<typeof beneficiarySchema>;
export type Address = z.infer<typeof addressSchema>;
