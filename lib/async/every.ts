/**
 * Runs `task` every `ms` on this instance, never two at once (a pass still running when the next
 * is due is left to finish, and that tick skipped), on a timer that keeps no process alive.
 * `stop` clears the timer and waits for a pass in progress. A failure goes to `onError` and the
 * next tick runs as usual.
 */
export function repeatEvery(
  ms: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
