import { Badge, type Tone } from "@/components/ui/badge";
import { DEFAULT_TOLERANCE } from "./constants";
import type { StoredVerdict } from "@/lib/inbox/types";

const LABELS: Record<StoredVerdict["status"], { label: string; tone: Tone }> = {
  valid: { label: "Signature valid", tone: "success" },
  no_secret: { label: "No secret known", tone: "muted" },
  malformed_header: { label: "Malformed header", tone: "warning" },
  timestamp_outside_tolerance: { label: "Timestamp outside tolerance", tone: "warning" },
  signature_mismatch: { label: "Signature does not match", tone: "danger" },
};

/** "how far": "412 s old" / "20 s in the future". */
export function describeAge(ageSeconds: number): string {
  return ageSeconds >= 0 ? `${ageSeconds} s old` : `${-ageSeconds} s in the future`;
}

export function VerdictBadge({ verdict }: { verdict: StoredVerdict }) {
  const { label, tone } = LABELS[verdict.status];
  const suffix =
    verdict.status === "timestamp_outside_tolerance" && verdict.ageSeconds !== undefined
      ? ` (${describeAge(verdict.ageSeconds)})`
      : "";
  return (
    <Badge tone={tone} dot data-testid="verdict" data-verdict={verdict.status}>
      {label}
      {suffix}
    </Badge>
  );
}

/** Why, in words, with both signatures when they differ: rendered as text only. */
export function VerdictExplanation({ verdict }: { verdict: StoredVerdict }) {
  if (verdict.status === "valid") {
    return (
      <p className="text-sm text-slate-600">
        The HMAC-SHA256 over <code className="font-mono text-xs">t.body</code> with the secret kept for this inbox
        matches, and the timestamp is within {DEFAULT_TOLERANCE} s.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm text-slate-700" data-testid="verdict-explanation">
      <p>
        {verdict.status === "no_secret"
          ? "This inbox has no signing secret, so the signature cannot be checked. Register the inbox (its secret is kept on the server) or keep an endpoint's secret here from the Webhooks page."
          : verdict.status === "timestamp_outside_tolerance"
            ? `The signature is right, but the timestamp is ${describeAge(verdict.ageSeconds ?? 0)}: more than the ${DEFAULT_TOLERANCE} s tolerance. A replay, or a clock that is off.`
            : verdict.detail}
      </p>
      {verdict.status === "signature_mismatch" ? (
        <dl className="grid gap-1 rounded-lg border border-red-200 bg-red-50/60 p-3 font-mono text-xs break-all sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="font-sans font-medium text-slate-600">Expected (first characters)</dt>
          <dd data-testid="signature-expected">{verdict.expected}</dd>
          <dt className="font-sans font-medium text-slate-600">Received</dt>
          <dd data-testid="signature-received">{(verdict.received ?? []).join(", ")}</dd>
        </dl>
      ) : null}
      {verdict.status === "signature_mismatch" ? (
        <p className="text-xs text-slate-500">
          Expected is computed over the bytes that arrived, with this inbox&apos;s secret. If the body was sent
          unchanged, the sender used a different secret; if the sender&apos;s own signature over its body equals
          Received, the body changed on the way.
        </p>
      ) : null}
    </div>
  );
}
