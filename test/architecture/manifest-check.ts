/**
 * Checks an import graph against the manifest (issue 60): each import either stays in its room,
 * goes to a lower floor (unless `only` or `never` says otherwise), to a named room of its own
 * floor, or is an accepted upward import; anything else is a violation that names the file, its
 * line, the import and the rule it breaks.
 */
import type { ImportEdge as Edge } from "@/lib/testing/import-graph";
import type { RoomRule } from "./manifest";

export type Manifest = {
  floors: ReadonlyArray<{ name: string; rooms: Readonly<Record<string, RoomRule>> }>;
  accepted: ReadonlyArray<{ from: string; to: string; why: string }>;
};

export type Violation = { edge: Edge; message: string };

/** The room a file stands in: the longest room name that is the file or one of its folders. */
export function roomOf(manifest: Manifest, file: string): string | null {
  let best: string | null = null;
  for (const floor of manifest.floors)
    for (const room of Object.keys(floor.rooms))
      if ((file === room || file.startsWith(`${room}/`)) && (!best || room.length > best.length)) best = room;
  return best;
}

function floorOf(manifest: Manifest, room: string): number {
  return manifest.floors.findIndex((f) => room in f.rooms);
}

export function checkImports(
  manifest: Manifest,
  edges: readonly Edge[],
): { violations: Violation[]; unused: string[] } {
  const violations: Violation[] = [];
  const accepted = new Set(manifest.accepted.map((a) => `${a.from} -> ${a.to}`));
  const used = new Set<string>();
  for (const edge of edges) {
    const from = roomOf(manifest, edge.from);
    const to = roomOf(manifest, edge.to);
    const where = `${edge.from}:${edge.line} imports "${edge.specifier}" (${edge.to})`;
    if (!from) {
      violations.push({ edge, message: `${where}: ${edge.from} is in no room of the manifest` });
      continue;
    }
    if (!to) {
      violations.push({ edge, message: `${where}: ${edge.to} is in no room of the manifest` });
      continue;
    }
    if (from === to) continue;
    const key = `${edge.from} -> ${edge.to}`;
    const rule = manifest.floors[floorOf(manifest, from)]?.rooms[from] ?? {};
    const fromFloor = floorOf(manifest, from);
    const toFloor = floorOf(manifest, to);
    let broken: string | null = null;
    if (rule.never?.includes(to)) broken = `${from} may never use ${to}`;
    else if (rule.only && !rule.only.includes(to))
      broken = `${from} may use only ${rule.only.join(", ") || "nothing of the project"}`;
    else if (!rule.only && toFloor > fromFloor) broken = `${to} stands on a higher floor than ${from}`;
    else if (!rule.only && toFloor === fromFloor && !rule.uses?.includes(to))
      broken = `${from} and ${to} stand on one floor and ${from} does not name ${to} in its uses`;
    if (!broken) continue;
    if (accepted.has(key)) {
      used.add(key);
      continue;
    }
    violations.push({ edge, message: `${where}: ${broken}` });
  }
  const unused = [...accepted].filter((k) => !used.has(k));
  return { violations, unused };
}
