import "server-only";
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The embedded database's files are the account's money and its people's password hashes: only
 * the console's own user may read or change them (issue 42). The data directory is made 0700 and
 * every file in it 0600 (PGlite writes 0666 less the umask), and the process's umask is set to
 * 077 so that what PGlite writes later is private too. A directory from an older version is
 * tightened the same way when it opens.
 */
export function makePrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.mode & 0o700);
  }
}
