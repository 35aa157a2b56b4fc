import { authorize } from "@/lib/auth/authorize";
import { refused } from "@/lib/dashboard/csv";
import { isTemplateName, templateCsv } from "@/lib/batches/templates";

export const dynamic = "force-dynamic";

/** GET /batches/templates/<name>: a template file with its example rows (every column of its kind). */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return refused(auth.error);
  const { name } = await params;
  const base = name.replace(/\.csv$/, "");
  if (!isTemplateName(base)) return refused({ code: "not_found", message: "No such template.", status: 404 });
  return new Response(templateCsv(base), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="batch-template-${base}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
