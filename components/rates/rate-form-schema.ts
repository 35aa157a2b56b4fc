/**
 * The quote form's resolver: the service's rateQuerySchema after dropping empty fields. Loaded
 * by quote-workbench on the first validation (lazyResolver), with zod, not with the page.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/schemas/zod";
import { dropEmpty } from "@/lib/dashboard/form-values";
import { rateQuerySchema, type RateQuery } from "@/lib/schemas/rates";
import type { RateFormValues } from "./rate-query";

const formSchema = z.preprocess(dropEmpty, rateQuerySchema);

export const rateFormResolver = zodResolver(formSchema as z.ZodType<RateQuery, RateFormValues>);
