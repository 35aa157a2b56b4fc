import { notFound } from "next/navigation";
import { KitDemo } from "@/components/kit/kit-demo";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Component kit" };

/** A reference sheet of components/ui, for development only (or with SHOW_UI_KIT=1). */
export default function KitPage() {
  if (process.env.NODE_ENV === "production" && process.env.SHOW_UI_KIT !== "1") notFound();
  return (
    <>
      <PageHeader
        title="Component kit"
        description="Every primitive in components/ui, with the props it is usually used with."
      />
      <KitDemo />
    </>
  );
}
