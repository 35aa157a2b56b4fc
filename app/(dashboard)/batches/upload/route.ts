import { uploadBatch } from "@/lib/batches/upload";

export const dynamic = "force-dynamic";

/** POST /batches/upload?kind=&name=: a CSV file as the body (text/csv), streamed and capped. */
export const POST = uploadBatch;
