import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * The three lines that forward sandbox webhooks to a laptop, ready to copy. The token is never
 * part of them (issue 59): the first line reads it from the keyboard, so it lands in neither the
 * shell's history nor the process list; the person pastes the token they copied.
 */
export function ListenQuickStart({ origin }: { origin: string }) {
  const code = [
    "read -rs SETTLEMENT_CONSOLE_TOKEN && export SETTLEMENT_CONSOLE_TOKEN  # paste the token, press Enter",
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
        The first line waits for you to paste the token (it is not shown, nor kept in your history). The second prints
        your listen secret: your handler verifies forwarded events with it, exactly as in production.
      </p>
    </div>
  );
}
