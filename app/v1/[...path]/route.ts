// The embedded settlement service (lib/service) answers every method under this prefix.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT } from "@/lib/service/next-handler";
