/**
 * One forward to the developer's handler: the bytes as the service signed them, the headers the
 * console gave (re-signed with the listen secret), a 10 s timeout. The verdict says what
 * happened in words a developer acts on.
 */
export const FORWARD_TIMEOUT_MS = 10_000;

export type ForwardResult = { status: number | null; durationMs: number; ok: boolean; verdict: string };

export async function forward(
  target: string,
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<ForwardResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(target, {
      method: "POST",
      headers: { ...headers, "User-Agent": "settlement-console-listen" },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return {
      status: response.status,
      durationMs: elapsed(),
      ok,
      verdict: ok ? "ok" : `your handler answered ${response.status}`,
    };
  } catch (error) {
    return { status: null, durationMs: elapsed(), ok: false, verdict: failureVerdict(error, target, timeoutMs) };
  }
}

/** How long to wait before sending a failed forward again: three more tries within about 20 s. */
export const FORWARD_RETRY_DELAYS_MS = [1_000, 5_000, 15_000] as const;

/** A 5xx, a 429 or no answer is worth another try; a 4xx is the handler's verdict on the event, shown as it is. */
export const worthRetrying = (result: ForwardResult) =>
  !result.ok && (result.status === null || result.status === 429 || result.status >= 500);

/**
 * One delivery, sent again while the handler fails the way a restarting server does (issue 59):
 * like the service's own schedule, only shorter, since the developer is watching. Each failed
 * try is told (`onRetry`), so the person sees why it waits; Ctrl-C (`stopped`) ends the waiting.
 */
export async function forwardWithRetries(
  target: string,
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  options: {
    delays?: readonly number[];
    timeoutMs?: number;
    onRetry?: (failed: ForwardResult, attempt: number, waitMs: number) => void;
    stopped?: Promise<void>;
  } = {},
): Promise<ForwardResult & { attempts: number }> {
  const delays = options.delays ?? FORWARD_RETRY_DELAYS_MS;
  let stop = false;
  void options.stopped?.then(() => {
    stop = true;
  });
  for (let attempt = 1; ; attempt++) {
    const result = await forward(target, body, headers, options.timeoutMs);
    const wait = delays[attempt - 1];
    if (!worthRetrying(result) || wait === undefined || stop) {
      const verdict = attempt > 1 ? `${result.verdict} (after ${attempt} tries)` : result.verdict;
      return { ...result, verdict, attempts: attempt };
    }
    options.onRetry?.(result, attempt, wait);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      void options.stopped?.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** Why no answer came: a timeout, nothing listening on the port, or another network error. */
export function failureVerdict(error: unknown, target: string, timeoutMs = FORWARD_TIMEOUT_MS): string {
  const name = (error as { name?: string })?.name;
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${timeoutMs / 1000} s (timeout)`;
  const code = causeCode(error);
  const url = new URL(target);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (code === "ECONNREFUSED") return `connection refused: is your server running on :${port}?`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `cannot resolve ${url.hostname}`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "your server closed the connection without an answer";
  return `could not deliver: ${code ?? (error as Error)?.message ?? String(error)}`;
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * An arrival the CLI does not forward: the service's signature on it did not check out, so it
 * may be forged (anyone who knows the receiver's URL can post to it). Shown as refused.
 */
export function refusedArrival(delivery: { service_signature: string; refused?: string }): ForwardResult {
  return {
    status: null,
    durationMs: 0,
    ok: false,
    verdict: `refused: ${delivery.refused ?? `service signature ${delivery.service_signature}, not forwarded`}`,
  };
}
