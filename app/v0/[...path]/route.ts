import { handleServiceRequest } from "@/lib/service/next-handler";

// The embedded settlement service (lib/service) answers every method under this prefix.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export {
  handleServiceRequest as GET,
  handleServiceRequest as POST,
  handleServiceRequest as PUT,
  handleServiceRequest as PATCH,
  handleServiceRequest as DELETE,
  handleServiceRequest as HEAD,
  handleServiceRequest as OPTIONS,
};
