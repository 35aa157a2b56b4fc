/**
 * bench/audit (issue 47), not part of `npm test`:
 *
 *   1. The cost of an audited action's row with and without the verifiable log, on PostgreSQL:
 *      `insertAudit` (the row, its place in the log and its leaf, one statement) beside the same
 *      row inserted alone (the statement before the log), sequentially, p50 and p99 of each and
 *      the difference. Goal: under 2 ms added per entry at p99.
 *   2. Verifying a bundle of 1,000,000 entries offline with the verifier `settlement-console
 *      verify-audit` runs (read line by line from a file), beside building the same bundle.
 *      Goal: verification under 30 s.
 *
 *   npx tsx --conditions=react-server bench/audit/run.ts   (BENCH_AUDIT_ROWS, BENCH_BUNDLE_ENTRIES, TEST_DATABASE_URL)
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import { insertAudit } from "@/lib/auth/audit";
import { canonicalJson } from "@/lib/audit-log/canonical";
import { leafHash, MerkleTree } from "@/lib/audit-log/merkle";
import { rawKeys, signCheckpoint, verifierKey } from "@/lib/audit-log/note";
import { BUNDLE_FORMAT, BundleVerifier } from "@/lib/audit-log/verify";
import { migrate } from "@/lib/db/migrate";
import { freshPostgres } from "@/lib/service/testing/harness";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 3000);
const ENTRIES = Number(process.env.BENCH_BUNDLE_ENTRIES ?? 1_000_000);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function writeCost(): Promise<void> {
  const db = await freshPostgres();
  try {
    await migrate(db.db);
    const entry = (i: number) => ({
      actor: { userId: "u1", email: "bench@console.local", role: "admin" as const },
      action: "approveSubmission",
      targetId: `sub_${i}`,
      result: "ok",
      detail: "rule r1 v1; sent, 201",
    });
    const time = async (work: (i: number) => Promise<unknown>) => {
      const out: number[] = [];
      for (let i = 0; i < ROWS; i++) {
        const t = performance.now();
        await work(i);
        out.push(performance.now() - t);
      }
      return out.sort((a, b) => a - b);
    };
    // Warm both paths, then alternate halves so drift hits both alike.
    for (let i = 0; i < 200; i++) await insertAudit(db.db, entry(i));
    const plain = (i: number) =>
      db.db.execute(
        sql`insert into console_audit (id, at, user_id, user_email, role, action, target_id, environment, result, detail)
            values (${randomUUID()}, ${new Date()}, 'u1', 'bench@console.local', 'admin', 'approveSubmission', ${`sub_${i}`}, null, 'ok', 'rule r1 v1; sent, 201')`,
      );
    const without = [...(await time(plain)), ...[]];
    const withLog = await time((i) => insertAudit(db.db, entry(i)));
    const withoutAgain = await time(plain);
    const base = [...without, ...withoutAgain].sort((a, b) => a - b);
    console.log(
      `\n1. An audited action's row on PostgreSQL, ${ROWS} sequential writes each (the row alone measured before and after)`,
    );
    console.log(`   ${"".padEnd(34)} ${"p50".padStart(9)} ${"p99".padStart(9)}`);
    console.log(
      `   ${"row alone (baseline)".padEnd(34)} ${ms(pct(base, 50)).padStart(9)} ${ms(pct(base, 99)).padStart(9)}`,
    );
    console.log(
      `   ${"row + its place and leaf in the log".padEnd(34)} ${ms(pct(withLog, 50)).padStart(9)} ${ms(pct(withLog, 99)).padStart(9)}`,
    );
    const added50 = pct(withLog, 50) - pct(base, 50);
    const added99 = pct(withLog, 99) - pct(base, 99);
    console.log(
      `   added: p50 ${ms(added50)} (${(pct(withLog, 50) / pct(base, 50)).toFixed(2)} ×), p99 ${ms(added99)} — goal under 2 ms at p99: ${added99 < 2 ? "ok" : "NOT MET"}`,
    );
  } finally {
    await db.close();
  }
}

async function bundleOfAMillion(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-audit-"));
  const file = join(dir, "bundle.ndjson");
  try {
    const t0 = performance.now();
    const entries: string[] = [];
    const leaves = Buffer.alloc(ENTRIES * 32);
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < ENTRIES; i++) {
      const text = canonicalJson({
        v: 1,
        id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        at: start + i * 1000,
        actor: `u${i % 17}`,
        email: `person${i % 17}@example.com`,
        role: "finance",
        action: i % 3 ? "createDisbursement" : "approveSubmission",
        target: `sub_${i}`,
        environment: "production",
        result: "ok",
        detail: null,
      });
      entries.push(text);
      leafHash(Buffer.from(text, "utf8")).copy(leaves, i * 32);
    }
    const tree = new MerkleTree(leaves);
    const { privateKey } = generateKeyPairSync("ed25519");
    const { seed, publicKey } = rawKeys(privateKey);
    const origin = "bench.console.test/audit";
    const out = createWriteStream(file);
    const write = async (line: string) => {
      if (!out.write(`${line}\n`)) await once(out, "drain");
    };
    await write(
      JSON.stringify({
        type: "header",
        format: BUNDLE_FORMAT,
        origin,
        tree_size: ENTRIES,
        from: 0,
        to: Number.MAX_SAFE_INTEGER,
      }),
    );
    await write(JSON.stringify({ type: "key", vkey: verifierKey(origin, publicKey) }));
    await write(
      JSON.stringify({
        type: "checkpoint",
        note: signCheckpoint({ origin, size: ENTRIES, root: tree.root() }, origin, seed),
      }),
    );
    for (let i = 0; i < ENTRIES; i++)
      await write(
        `{"type":"entry","seq":${i},"entry":${entries[i]},"proof":${JSON.stringify(tree.inclusionProof(i).map((h) => h.toString("base64")))}}`,
      );
    out.end();
    await once(out, "finish");
    const built = (performance.now() - t0) / 1000;
    const size = statSync(file).size;

    const t1 = performance.now();
    const verifier = new BundleVerifier();
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY }))
      verifier.line(line);
    const verdict = verifier.finish();
    const verified = (performance.now() - t1) / 1000;
    console.log(
      `\n2. A bundle of ${ENTRIES.toLocaleString("en-US")} entries (${(size / 1e6).toFixed(0)} MB), verified offline`,
    );
    console.log(`   built (baseline: tree, proofs, file)   ${built.toFixed(1)} s`);
    console.log(
      `   verified line by line                  ${verified.toFixed(1)} s (${(verified / built).toFixed(2)} × the build) — ${verdict.ok ? verdict.summary : `FAILED ${verdict.summary}`}; goal under 30 s: ${verified < 30 ? "ok" : "NOT MET"}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await writeCost();
await bundleOfAMillion();
process.exit(0);
