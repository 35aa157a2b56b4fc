import "server-only";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { queryRows, type Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { canonicalJson, type Json } from "./canonical";
import { appendToFrontier, frontierRoot, leafHash, MerkleTree, type Frontier } from "./merkle";
import { keyHash, rawKeys, signCheckpoint, verifierKey } from "./note";
import { BUNDLE_FORMAT } from "./verify";

/**
 * The console's verifiable audit log (issue 47, decisions D22): tables of migration 0035, raw SQL
 * here. Every audit row is appended once, at the next place of one serialized writer, in the
 * row's own transaction; checkpoints sign the tree's root; a bundle carries entries with their
 * proofs for the offline verifier.
 */

/** What the log says of an audit row, hashed as canonical JSON (times in milliseconds, as stored). */
export type AuditFields = {
  id: string;
  at: Date;
  userId: string | null;
  userEmail: string | null;
  role: string | null;
  action: string;
  targetId: string | null;
  environment: string | null;
  result: string;
  detail: string | null;
};

export function logEntryOf(row: AuditFields): Json {
  return {
    v: 1,
    id: row.id,
    at: row.at.getTime(),
    actor: row.userId,
    email: row.userEmail,
    role: row.role,
    action: row.action,
    target: row.targetId,
    environment: row.environment,
    result: row.result,
    detail: row.detail,
  };
}

/** The entry's bytes and its leaf hash (hex, for SQL's decode). */
export function leafOf(row: AuditFields): { text: string; leafHex: string } {
  const text = canonicalJson(logEntryOf(row));
  return { text, leafHex: leafHash(Buffer.from(text, "utf8")).toString("hex") };
}

/** The log's name in its checkpoints (C2SP origin), and the signing key's name. */
export function logOrigin(): string {
  const configured = process.env.AUDIT_LOG_ORIGIN?.trim();
  if (configured) return configured;
  let host = "localhost";
  try {
    host = new URL(env().AUTH_URL ?? "http://localhost").host;
  } catch {
    // keep localhost
  }
  return `${host}/settlement-console/audit`;
}

const LOCK = 47_001;
type Key = { keyId: string; name: string; seed: Buffer; publicKey: Buffer };

async function currentKey(tx: Executor): Promise<Key> {
  const [row] = await queryRows<{ key_id: string; name: string; private_seed: string; public_key: string }>(
    tx,
    sql`select key_id, name, private_seed, encode(public_key, 'hex') as public_key from console_audit_keys
        where retired_at is null order by created_at desc limit 1`,
  );
  if (row)
    return {
      keyId: row.key_id,
      name: row.name,
      seed: Buffer.from(openSecret(row.private_seed), "base64"),
      publicKey: Buffer.from(row.public_key, "hex"),
    };
  return newKey(tx);
}

/** A new Ed25519 signing key, its seed sealed at rest like the console's other secrets. */
async function newKey(tx: Executor): Promise<Key> {
  const { privateKey } = generateKeyPairSync("ed25519");
  const { seed, publicKey } = rawKeys(privateKey);
  const name = logOrigin();
  const keyId = keyHash(name, publicKey).toString("hex");
  await tx.execute(
    sql`insert into console_audit_keys (key_id, name, public_key, private_seed)
        values (${keyId}, ${name}, decode(${publicKey.toString("hex")}, 'hex'), ${sealSecret(seed.toString("base64"))})`,
  );
  return { keyId, name, seed, publicKey };
}

/** Retires the signing key and makes a new one; checkpoints signed before still verify with the old public key. */
export async function rotateSigningKey(db: Executor): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    await tx.execute(sql`update console_audit_keys set retired_at = now() where retired_at is null`);
    return (await newKey(tx)).keyId;
  });
}

export type CheckpointRow = { size: number; root: string; note: string; keyId: string; createdAt: Date };

export async function latestCheckpoint(db: Executor): Promise<CheckpointRow | null> {
  const [row] = await queryRows<{
    size: string;
    root: string;
    note: string;
    key_id: string;
    created_at: Date | string;
  }>(
    db,
    sql`select size, encode(root, 'base64') as root, note, key_id, created_at from console_audit_checkpoints order by size desc limit 1`,
  );
  return row
    ? { size: Number(row.size), root: row.root, note: row.note, keyId: row.key_id, createdAt: new Date(row.created_at) }
    : null;
}

export async function logSize(db: Executor): Promise<number> {
  const [row] = await queryRows<{ size: string }>(db, sql`select size from console_audit_head where id = 1`);
  return Number(row?.size ?? 0);
}

/**
 * Signs a checkpoint of the log as it stands, when `AUDIT_CHECKPOINT_EVERY` entries were written
 * since the last one or it is `AUDIT_CHECKPOINT_MINUTES` old (`force`: whenever anything is new).
 * The root is folded from the last checkpoint's right edge and the leaves written since, so its
 * cost never grows with the log's history. One instance at a time (an advisory lock); the size
 * is the key, so two can never sign two roots for one size.
 */
export async function makeCheckpoint(db: Executor, { force = false } = {}): Promise<CheckpointRow | null> {
  const every = Number(process.env.AUDIT_CHECKPOINT_EVERY ?? 256);
  const minutes = Number(process.env.AUDIT_CHECKPOINT_MINUTES ?? 10);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    const [last] = await queryRows<{ size: string; frontier: string[]; created_at: Date | string }>(
      tx,
      sql`select size, frontier, created_at from console_audit_checkpoints order by size desc limit 1`,
    );
    const from = Number(last?.size ?? 0);
    const size = await logSize(tx);
    if (size === from) return null;
    const age = last ? Date.now() - new Date(last.created_at).getTime() : Number.POSITIVE_INFINITY;
    if (!force && size - from < every && age < minutes * 60_000) return null;
    const leaves = await queryRows<{ seq: string; leaf: string }>(
      tx,
      sql`select seq, encode(leaf_hash, 'hex') as leaf from console_audit_log where seq >= ${from} and seq < ${size} order by seq`,
    );
    if (leaves.length !== size - from || leaves.some((l, i) => Number(l.seq) !== from + i))
      throw new Error(`the audit log has a gap between ${from} and ${size}`);
    let frontier: Frontier = {
      size: from,
      hashes: (last?.frontier ?? []).map((h) => Buffer.from(h, "hex")),
    };
    for (const l of leaves) frontier = appendToFrontier(frontier, Buffer.from(l.leaf, "hex"));
    const root = frontierRoot(frontier);
    const key = await currentKey(tx);
    const note = signCheckpoint({ origin: logOrigin(), size, root }, key.name, key.seed);
    await tx.execute(
      sql`insert into console_audit_checkpoints (size, root, frontier, note, key_id)
          values (${size}, decode(${root.toString("hex")}, 'hex'), ${JSON.stringify(frontier.hashes.map((h) => h.toString("hex")))}::jsonb, ${note}, ${key.keyId})
          on conflict (size) do nothing`,
    );
    return { size, root: root.toString("base64"), note, keyId: key.keyId, createdAt: new Date() };
  });
}

export type BundleRange = { fromMs: number; toMs: number };

/** An error line: the bundle says what went wrong where it went wrong, and the verifier fails on it. */
const errorLine = (problem: string) => JSON.stringify({ type: "error", problem });

/**
 * A bundle for entries written in [fromMs, toMs], line by line (NDJSON, lib/audit-log/verify.ts
 * says what each line is): a fresh checkpoint covers everything written so far; every place of
 * the range comes with its inclusion proof in that tree (an entry line, or a `pruned` line with
 * the leaf hash of an entry retention removed), every earlier checkpoint with its consistency
 * proof, every public key that ever signed, and an `end` line that counts what the range held.
 * The tree is built once from the stored leaf hashes (32 bytes an entry) and each proof read
 * from it. A log that no longer gives its own signed root (a row deleted, a leaf changed) ends
 * the bundle with an error line instead (issue 58): never a bundle that quietly stops short.
 */
export async function* bundleLines(db: Executor, range: BundleRange): AsyncGenerator<string> {
  await makeCheckpoint(db, { force: true });
  const head = await latestCheckpoint(db);
  const size = head?.size ?? 0;
  const madeAt = Date.now();
  yield JSON.stringify({
    type: "header",
    format: BUNDLE_FORMAT,
    origin: logOrigin(),
    tree_size: size,
    from: range.fromMs,
    to: range.toMs,
    made_at: new Date(madeAt).toISOString(),
    made_at_ms: madeAt,
    retention_days: env().AUDIT_RETENTION_DAYS,
  });
  const keys = await queryRows<{ name: string; public_key: string }>(
    db,
    sql`select name, encode(public_key, 'hex') as public_key from console_audit_keys order by created_at`,
  );
  for (const k of keys)
    yield JSON.stringify({ type: "key", vkey: verifierKey(k.name, Buffer.from(k.public_key, "hex")) });
  if (size === 0) {
    yield JSON.stringify({ type: "end", entries: 0, pruned: 0, first: null, last: null });
    return;
  }
  const notes = await queryRows<{ size: string; note: string }>(
    db,
    sql`select size, note from console_audit_checkpoints where size <= ${size} order by size`,
  );
  for (const c of notes) yield JSON.stringify({ type: "checkpoint", note: c.note });
  const leaves = await queryRows<{ seq: string; leaf: string }>(
    db,
    sql`select seq, encode(leaf_hash, 'hex') as leaf from console_audit_log where seq < ${size} order by seq`,
  );
  const gap = leaves.findIndex((l, i) => Number(l.seq) !== i);
  if (leaves.length !== size || gap >= 0) {
    yield errorLine(
      `the log holds ${leaves.length} of the ${size} places its signed checkpoint counts${gap >= 0 ? ` (place ${gap} is missing)` : ""}: rows were deleted from console_audit_log`,
    );
    return;
  }
  const tree = new MerkleTree(Buffer.from(leaves.map((l) => l.leaf).join(""), "hex"));
  if (head && !tree.root().equals(Buffer.from(head.root, "base64"))) {
    yield errorLine("the stored leaf hashes do not give the signed root: console_audit_log was changed");
    return;
  }
  const b64 = (hashes: Buffer[]) => hashes.map((h) => h.toString("base64"));
  for (const c of notes) {
    const m = Number(c.size);
    if (m < size)
      yield JSON.stringify({ type: "consistency", from: m, to: size, proof: b64(tree.consistencyProof(m, size)) });
  }
  // The range's first and last places (the time index), then pages by place (the primary key):
  // each page costs its own rows, however many entries the range holds. Every place between the
  // two is in the bundle, pruned or not, so the verifier can hold it to a range with no hole.
  const [bounds] = await queryRows<{ lo: string | null; hi: string | null }>(
    db,
    sql`select min(seq) as lo, max(seq) as hi from console_audit_log
        where at_ms >= ${range.fromMs} and at_ms <= ${range.toMs}`,
  );
  let entries = 0;
  let pruned = 0;
  if (bounds?.lo != null && bounds.hi != null) {
    const first = Number(bounds.lo);
    const last = Math.min(Number(bounds.hi), size - 1);
    const PAGE = 5_000;
    for (let after = first - 1; after < last; ) {
      const page = await queryRows<{ seq: string; entry: string | null; at_ms: string; leaf: string }>(
        db,
        sql`select seq, entry, at_ms, encode(leaf_hash, 'base64') as leaf from console_audit_log
            where seq > ${after} and seq <= ${last} order by seq limit ${PAGE}`,
      );
      if (page.length === 0) break;
      for (const e of page) {
        const seq = Number(e.seq);
        after = seq;
        const proof = JSON.stringify(b64(tree.inclusionProof(seq, size)));
        if (e.entry === null) {
          pruned++;
          yield `{"type":"pruned","seq":${seq},"at":${Number(e.at_ms)},"leaf":${JSON.stringify(e.leaf)},"proof":${proof}}`;
          continue;
        }
        entries++;
        // The stored canonical text itself, so any change to it shows.
        yield `{"type":"entry","seq":${seq},"entry":${e.entry},"proof":${proof}}`;
      }
    }
    yield JSON.stringify({ type: "end", entries, pruned, first, last });
    return;
  }
  yield JSON.stringify({ type: "end", entries: 0, pruned: 0, first: null, last: null });
}

/** Records an export: its tree size is the checkpoint the next auditor can hold this log to. */
export async function recordExport(
  db: Executor,
  input: { treeSize: number; range: BundleRange; entries: number; byEmail: string | null },
): Promise<void> {
  await db.execute(
    sql`insert into console_audit_exports (id, tree_size, from_ms, to_ms, entries, by_email)
        values (${`exp_${randomBytes(8).toString("base64url")}`}, ${input.treeSize}, ${input.range.fromMs}, ${input.range.toMs}, ${input.entries}, ${input.byEmail})`,
  );
}

/** Each audit row's place in the log, for the rows shown. */
export async function placesOf(db: Executor, auditIds: string[]): Promise<Map<string, number>> {
  if (auditIds.length === 0) return new Map();
  const rows = await queryRows<{ audit_id: string; seq: string }>(
    db,
    sql`select audit_id, seq from console_audit_log where audit_id in (${sql.join(
      auditIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.audit_id, Number(r.seq)]));
}

/** What the Audit page says of the log: its length, the latest checkpoint, the witness's state. */
export async function auditLogSummary(db: Executor): Promise<{
  size: number;
  checkpoint: { size: number; root: string; note: string; keyId: string; createdAt: string } | null;
  witness: { url: string | null; pending: number; error: string | null };
}> {
  const [size, checkpoint, [witness]] = await Promise.all([
    logSize(db),
    latestCheckpoint(db),
    queryRows<{ pending: string; error: string | null }>(
      db,
      sql`select count(*) filter (where witnessed_at is null) as pending,
            (select witness_error from console_audit_checkpoints where witness_error is not null order by size desc limit 1) as error
          from console_audit_checkpoints`,
    ),
  ]);
  const url = process.env.AUDIT_WITNESS_URL?.trim() || null;
  return {
    size,
    checkpoint: checkpoint ? { ...checkpoint, createdAt: checkpoint.createdAt.toISOString() } : null,
    witness: {
      url: url ? new URL(url).origin : null,
      pending: Number(witness?.pending ?? 0),
      error: url ? (witness?.error ?? null) : null,
    },
  };
}
