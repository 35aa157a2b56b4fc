/** The runway floor form's resolver (with zod): loaded on the first validation, not with the page. */
import { zodResolver } from "@hookform/resolvers/zod";
import { runwayFloorSchema } from "@/lib/runway/floor-form";

export const runwayFloorResolver = zodResolver(runwayFloorSchema);
