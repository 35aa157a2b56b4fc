/**
 * Under a form that creates money movements: the idempotency key this submission will send, and
 * what it guarantees. `name` is how the API calls it (header or body field).
 */
export function IdempotencyKeyNote({ name, value, once }: { name: string; value: string; once: string }) {
  return (
    <p className="border-t border-slate-100 pt-3 text-xs text-slate-500">
      {name}{" "}
      <code className="font-mono break-all text-slate-700" data-testid="idempotency-key">
        {value}
      </code>
      <br />A retry sends the same key, so {once}.
    </p>
  );
}
