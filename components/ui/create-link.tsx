import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { buttonClasses } from "./button";
import { PlusIcon } from "./icons";

/** The primary "New …" link of a section (page header, empty list). */
export function CreateLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClasses()}>
      <PlusIcon className="size-4" /> {children}
    </Link>
  );
}
