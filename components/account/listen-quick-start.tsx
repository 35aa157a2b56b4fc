import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";

/** The three lines that forward sandbox webhooks to a laptop, ready to copy (with the token once it was just made). */
export function ListenQuickStart({ origin, token }: { origin: string; token?: string }) {
  const code = [
    `export SETTLEMENT_CONSOLE_TOKEN=${token ?? "scpat_…"}`,
    `npx settlement-console listen --url ${origin} --print-secret`,
    `npx settlement-console listen --url ${origin} --forward-to http://localhost:8080/webhooks`,
  ].join("\n");
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-800">Quick start</p>
        <CopyButton value={code} label="Copy the quick start" showText />
      </div>
      <CodeBlock
        data-testid="listen-quick-start"
        className="overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100"
      >
        {code}
      </CodeBlock>
      <p className="text-xs text-slate-500">
        The second line prints your listen secret: your handler verifies forwarded events with it, exactly as in
        production.
      </p>
    </div>
  );
}
