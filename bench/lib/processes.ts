import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const children: ChildProcess[] = [];

/** Starts a server process in its own group (so npx → node chains die together). */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
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

/** Resident memory of every process in a process group (a server started by startProcess), MB. */
export function groupRssMb(pgid: number): number {
  let kbTotal = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command (which may hold spaces) start after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue; // field 5: pgrp
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      kbTotal += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended while we looked
    }
  }
  return kbTotal / 1024;
}
