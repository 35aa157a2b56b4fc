import { mkdirSync, mkdtempSync, statSync, writeFileSync, readdirSync, lstatSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database";
import { makePrivate } from "./private-files";

/** Every file and folder under `dir` whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

describe("the embedded database's files are private (issue 42)", () => {
  const umask = process.umask();
  afterAll(() => {
    process.umask(umask);
  });

  it("an older data directory left 0755 with 0666 files is tightened to 0700 and 0600", () => {
    process.umask(0);
    const dir = join(mkdtempSync(join(tmpdir(), "private-")), "data");
    mkdirSync(join(dir, "base"), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, "base", "1234"), "rows", { mode: 0o666 });
    expect(openToOthers(dir).length).toBeGreaterThan(0);
    makePrivate(dir);
    expect(openToOthers(dir)).toEqual([]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("a PGlite data directory opened by the console holds nothing readable by another user", async () => {
    process.umask(0o022);
    const dir = join(mkdtempSync(join(tmpdir(), "private-")), "data");
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    await database.db.execute("create table t (id int)" as never);
    await database.close();
    expect(openToOthers(dir)).toEqual([]);
  }, 120_000);

  it("while it runs too, whatever umask the process started with (issue 58: pg_internal.init was 0666)", async () => {
    process.umask(0);
    const dir = join(mkdtempSync(join(tmpdir(), "private-")), "data");
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      await database.db.execute("create table t (id int)" as never);
      await database.db.execute("select * from pg_class limit 1" as never);
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
