/**
 * Verifies an audit bundle offline (issue 47, decisions D22.5): no console, no network, no
 * database. The bundle is NDJSON, one object per line:
 *
 *   {"type":"header","format":"settlement-console-audit/1","origin":…,"tree_size":N,"from":ms,"to":ms}
 *   {"type":"key","vkey":"<name>+<hash>+<base64>"}                      every key that signed
 *   {"type":"checkpoint","note":"<signed note>"}                          ascending; the last has size N
 *   {"type":"consistency","from":m,"to":N,"proof":["<base64>",…]}        from each earlier checkpoint
 *   {"type":"entry","seq":i,"entry":{…},"proof":["<base64>",…]}          its inclusion in the tree of N
 *   {"type":"pruned","seq":i,"at":ms,"leaf":"<base64>","proof":[…]}      an entry retention removed: its leaf
 *   {"type":"end","entries":E,"pruned":P,"first":i,"last":j}            what the range held, places i to j
 *   {"type":"error","problem":"…"}                                       the console could not go on
 *
 * Every signature, every consistency proof and every inclusion proof is checked; the first line
 * that does not hold is named with what is wrong. The range is accounted for place by place
 * (issue 58): every place from `first` to `last` once, in order, an entry or a pruned leaf, and
 * the end line's counts agree; a bundle without its end line was cut short. A pruned entry must
 * be older than the header's retention and come before every entry that is still there
 * (retention removes the oldest first): an entry nulled in the database inside the retention fails. `previous` (a checkpoint the auditor kept from
 * an earlier bundle or a witness) must be consistent with this bundle's tree. The console's
 * "Verify" runs this same function on a bundle it builds.
 */
import { canonicalJson, type Json } from "./canonical";
import { InclusionChecker, isBase64Hash, leafHash, verifyConsistency } from "./merkle";
import { noteSignedBy, parseNote, parseVerifierKey, type ParsedNote, type VerifierKey } from "./note";

export const BUNDLE_FORMAT = "settlement-console-audit/1";

export type Verdict =
  | { ok: true; entries: number; checkpoints: number; treeSize: number; origin: string; summary: string }
  | { ok: false; line: number; seq: number | null; problem: string; summary: string };

type Line = Record<string, unknown>;

const fail = (line: number, problem: string, seq: number | null = null): Verdict => ({
  ok: false,
  line,
  seq,
  problem,
  summary: `line ${line}${seq === null ? "" : `, entry ${seq}`}: ${problem}`,
});

function hashes(value: unknown): Buffer[] | null {
  if (!Array.isArray(value) || !value.every(isBase64Hash)) return null;
  return value.map((v: string) => Buffer.from(v, "base64"));
}

/** What an entry says, in a few words, for the verdict ("approveSubmission by ana@…, 28 Nov 2026 21:03"). */
function entryWords(entry: Line): string {
  const at = typeof entry.at === "number" ? new Date(entry.at).toISOString().slice(0, 16).replace("T", " ") : "?";
  return `${String(entry.action ?? "?")} by ${String(entry.email ?? "nobody")} at ${at} UTC (audit id ${String(entry.id ?? "?")})`;
}

/**
 * Checks a bundle line by line, so a bundle of a million entries never has to be one string:
 * `line()` each line in order (the first failure is kept and later lines ignored), then
 * `finish()`. `verifyBundle` does it for a bundle held whole.
 */
export class BundleVerifier {
  private n = 0;
  private failure: Verdict | null = null;
  private header: { treeSize: number; origin: string } | null = null;
  private readonly keys: VerifierKey[] = [];
  private readonly checkpoints = new Map<number, { note: ParsedNote; line: number }>();
  private readonly consistencyFrom = new Map<number, { proof: Buffer[]; line: number }>();
  private head: ParsedNote | null = null;
  private entries = 0;
  private pruned = 0;
  private firstSeq: number | null = null;
  private lastSeq = -1;
  private ended = false;
  /** Entries pruned before this time (the header's made_at less its retention) may be; later ones not. */
  private pruneBefore: number | null = null;
  private inclusion: InclusionChecker | null = null;

  constructor(private readonly options: { previous?: string } = {}) {}

  get failed(): boolean {
    return this.failure !== null;
  }

  line(text: string): void {
    this.n++;
    if (this.failure || text === "") return;
    this.failure = this.check(text, this.n);
  }

  private check(text: string, n: number): Verdict | null {
    let line: Line;
    try {
      const value = JSON.parse(text) as unknown;
      if (!value || typeof value !== "object" || Array.isArray(value)) return fail(n, "not a JSON object");
      line = value as Line;
    } catch {
      return fail(n, "not JSON (the line was cut or altered)");
    }
    if (!this.header) {
      if (line.type !== "header" || line.format !== BUNDLE_FORMAT)
        return fail(n, `the first line is not a ${BUNDLE_FORMAT} header`);
      const treeSize = line.tree_size;
      if (
        typeof treeSize !== "number" ||
        !Number.isInteger(treeSize) ||
        treeSize < 0 ||
        typeof line.origin !== "string"
      )
        return fail(n, "the header has no tree size or origin");
      this.header = { treeSize, origin: line.origin };
      if (typeof line.made_at_ms === "number" && typeof line.retention_days === "number")
        this.pruneBefore = line.made_at_ms - line.retention_days * 86_400_000;
      return null;
    }
    const { treeSize, origin } = this.header;
    if (this.ended) return fail(n, "a line after the bundle's end line");
    switch (line.type) {
      case "key": {
        const key = typeof line.vkey === "string" ? parseVerifierKey(line.vkey) : null;
        if (!key) return fail(n, "not a verifier key (name+hash+base64 of an Ed25519 key)");
        this.keys.push(key);
        return null;
      }
      case "checkpoint": {
        const note = typeof line.note === "string" ? parseNote(line.note) : { error: "no note" };
        if ("error" in note) return fail(n, `checkpoint: ${note.error}`);
        if (note.checkpoint.origin !== origin)
          return fail(n, `checkpoint of another log ("${note.checkpoint.origin}", not "${origin}")`);
        if (!noteSignedBy(note, this.keys))
          return fail(n, `the checkpoint at tree size ${note.checkpoint.size} is not signed by any key of the bundle`);
        if (note.checkpoint.size > treeSize) return fail(n, `a checkpoint beyond the bundle's tree size ${treeSize}`);
        this.checkpoints.set(note.checkpoint.size, { note, line: n });
        if (note.checkpoint.size === treeSize) this.head = note;
        return null;
      }
      case "consistency": {
        const from = this.checkpoints.get(Number(line.from))?.note;
        const proof = hashes(line.proof);
        if (!this.head || line.to !== treeSize)
          return fail(n, "a consistency proof before the bundle's own checkpoint");
        if (!from) return fail(n, `a consistency proof from size ${String(line.from)}, which no checkpoint has`);
        if (!proof) return fail(n, "the consistency proof is not a list of 32-byte base64 hashes");
        if (!verifyConsistency(from.checkpoint.size, treeSize, from.checkpoint.root, this.head.checkpoint.root, proof))
          return fail(
            n,
            `the log of size ${from.checkpoint.size} is not a prefix of the log of size ${treeSize}: history was rewritten`,
          );
        this.consistencyFrom.set(from.checkpoint.size, { proof, line: n });
        return null;
      }
      case "pruned": {
        const seq = line.seq;
        if (typeof seq !== "number" || !Number.isInteger(seq)) return fail(n, "a pruned entry without its place (seq)");
        const order = this.nextPlace(n, seq);
        if (order) return order;
        if (this.entries > 0)
          return fail(
            n,
            "an entry removed after one that is still there: retention removes the oldest first, so it was removed in the database",
            seq,
          );
        const at = line.at;
        if (typeof at !== "number" || this.pruneBefore === null || at >= this.pruneBefore)
          return fail(
            n,
            `an entry removed inside the retention${typeof at === "number" ? ` (written ${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC)` : ""}: its text was deleted in the database`,
            seq,
          );
        const leaf = line.leaf;
        if (!isBase64Hash(leaf)) return fail(n, "a pruned entry without its 32-byte leaf hash", seq);
        if (!Array.isArray(line.proof) || !line.proof.every(isBase64Hash))
          return fail(n, "the inclusion proof is not a list of 32-byte base64 hashes", seq);
        this.inclusion ??= new InclusionChecker(treeSize, (this.head as ParsedNote).checkpoint.root);
        if (!this.inclusion.check(seq, Buffer.from(leaf, "base64"), line.proof as string[]))
          return fail(n, `the pruned entry's leaf is not at place ${seq} of the signed log`, seq);
        this.lastSeq = seq;
        this.pruned++;
        return null;
      }
      case "end": {
        this.ended = true;
        if (line.entries !== this.entries || line.pruned !== this.pruned)
          return fail(
            n,
            `the end line counts ${String(line.entries)} entries and ${String(line.pruned)} pruned, the bundle has ${this.entries} and ${this.pruned}: lines were removed`,
          );
        const last = this.entries + this.pruned === 0 ? null : this.lastSeq;
        if ((line.first ?? null) !== this.firstSeq || (line.last ?? null) !== last)
          return fail(
            n,
            `the range is places ${String(line.first)} to ${String(line.last)}, the bundle holds ${String(this.firstSeq)} to ${String(last)}: it was cut short`,
          );
        return null;
      }
      case "error":
        return fail(n, `the console could not make the bundle: ${String(line.problem ?? "no reason given")}`);
      case "entry": {
        const seq = line.seq;
        if (typeof seq !== "number" || !Number.isInteger(seq)) return fail(n, "an entry without its place (seq)");
        const order = this.nextPlace(n, seq);
        if (order) return order;
        const entry = line.entry;
        const proof = line.proof;
        if (!entry || typeof entry !== "object" || Array.isArray(entry)) return fail(n, "no entry object", seq);
        if (!Array.isArray(proof) || !proof.every(isBase64Hash))
          return fail(n, "the inclusion proof is not a list of 32-byte base64 hashes", seq);
        let leaf: Buffer;
        try {
          leaf = leafHash(Buffer.from(canonicalJson(entry as Json), "utf8"));
        } catch {
          return fail(n, "the entry is not canonical JSON", seq);
        }
        this.inclusion ??= new InclusionChecker(treeSize, (this.head as ParsedNote).checkpoint.root);
        if (!this.inclusion.check(seq, leaf, proof as string[]))
          return fail(
            n,
            `${entryWords(entry as Line)} does not verify: it was altered, or is not at place ${seq} of the signed log`,
            seq,
          );
        this.lastSeq = seq;
        this.entries++;
        return null;
      }
      default:
        return fail(n, `unknown line type "${String(line.type)}"`);
    }
  }

  /** A place must follow the one before it with no hole, inside the signed tree, after its checkpoint. */
  private nextPlace(n: number, seq: number): Verdict | null {
    if (!this.head) return fail(n, "an entry before the bundle's checkpoint of its tree size", seq);
    if (seq <= this.lastSeq) return fail(n, "entries out of order", seq);
    if (this.firstSeq !== null && seq !== this.lastSeq + 1)
      return fail(
        n,
        seq - 1 === this.lastSeq + 1
          ? `place ${seq - 1} is missing from the range`
          : `places ${this.lastSeq + 1} to ${seq - 1} are missing from the range`,
        seq,
      );
    if (seq >= (this.header?.treeSize ?? 0)) return fail(n, "an entry beyond the signed tree", seq);
    this.firstSeq ??= seq;
    return null;
  }

  finish(): Verdict {
    if (this.failure) return this.failure;
    if (!this.header) return fail(1, "an empty bundle");
    const { treeSize, origin } = this.header;
    if (treeSize > 0 && !this.head) return fail(this.n, `no signed checkpoint of tree size ${treeSize}`);
    if (!this.ended) return fail(this.n, "the bundle has no end line: it was cut short");
    const previous = this.options.previous;
    if (previous !== undefined) {
      const prev = parseNote(previous);
      if ("error" in prev) return fail(0, `--previous: ${prev.error}`);
      if (!noteSignedBy(prev, this.keys)) return fail(0, "--previous: not signed by any key of the bundle");
      if (prev.checkpoint.origin !== origin) return fail(0, "--previous is a checkpoint of another log");
      if (prev.checkpoint.size > treeSize) return fail(0, "--previous is newer than the bundle: the log shrank");
      if (prev.checkpoint.size === treeSize) {
        if (!this.head?.checkpoint.root.equals(prev.checkpoint.root))
          return fail(0, "--previous has the same size and another root: the log forked");
      } else {
        const consistency = this.consistencyFrom.get(prev.checkpoint.size);
        if (!consistency || !this.head)
          return fail(0, `the bundle has no consistency proof from size ${prev.checkpoint.size}`);
        if (
          !verifyConsistency(
            prev.checkpoint.size,
            treeSize,
            prev.checkpoint.root,
            this.head.checkpoint.root,
            consistency.proof,
          )
        )
          return fail(
            consistency.line,
            `--previous (size ${prev.checkpoint.size}) is not a prefix of this log: history was rewritten`,
          );
      }
    }
    const count = this.checkpoints.size;
    return {
      ok: true,
      entries: this.entries,
      checkpoints: count,
      treeSize,
      origin,
      summary: `${this.entries} entries verified${this.pruned > 0 ? ` and ${this.pruned} pruned by retention` : ""} in a log of ${treeSize}, ${count} signed checkpoint${count === 1 ? "" : "s"}${previous ? ", consistent with --previous" : ""}`,
    };
  }
}

export function verifyBundle(text: string, options: { previous?: string } = {}): Verdict {
  const verifier = new BundleVerifier(options);
  for (const line of text.split("\n")) {
    verifier.line(line);
    if (verifier.failed) break;
  }
  return verifier.finish();
}
