import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { forgetFirstAdminPassword, writeOwnerOnly } from "./bootstrap";

describe("the first administrator's generated password", () => {
  it("is written to a file only its owner can read, not to the log", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "admin-")), "data");
    const path = writeOwnerOnly(dir, "admin@console.local", "generated-secret-123");
    expect(path).toBe(join(dir, "first-admin-password.txt"));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).toBe("admin@console.local\ngenerated-secret-123\n");
    // A second bootstrap (a new database) replaces it, still owner-only.
    writeOwnerOnly(dir, "admin@console.local", "another-secret-456");
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("is deleted once its administrator has chosen their own password, and only then (issue 42)", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "admin-")), "data");
    const path = writeOwnerOnly(dir, "admin@console.local", "generated-secret-123");
    expect(forgetFirstAdminPassword(dir, "someone-else@console.local")).toBe(false);
    expect(existsSync(path)).toBe(true);
    expect(forgetFirstAdminPassword(dir, "Admin@Console.local")).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect(forgetFirstAdminPassword(dir, "admin@console.local")).toBe(false);
  });
});
