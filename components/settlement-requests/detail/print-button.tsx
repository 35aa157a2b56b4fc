"use client";

import { Button } from "@/components/ui/button";

/** Print the page, or save it as a PDF from the print dialog. */
export function PrintButton() {
  return (
    <Button variant="secondary" size="sm" onClick={() => window.print()}>
      Print or save as PDF
    </Button>
  );
}
