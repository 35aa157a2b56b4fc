import { spawn, type ChildProcess } from "node:child_process";

const children: ChildProcess[] = [];

/** Starts a server process in its own group (so npx → node chains die together). */
export function startProcess(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"], detached: true });
  child.stderr?.on("data", (d) => {
    if (process.env.BENCH_VERBOSE) process.stderr.write(d);
  });
  children.push(child);
  return child;
}

export function stopProcess(child: ChildProcess): void {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

export function stopAll(): void {
  children.forEach(stopProcess);
}
process.on("exit", stopAll);
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

export async function waitForUrl(url: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}
