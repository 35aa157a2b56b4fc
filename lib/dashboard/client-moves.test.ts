import { describe, expect, it } from "vitest";

import { PUT_STATUSES, SANDBOX_SETTLEMENT_STATUSES, planClientMove } from "@/lib/state-machine";

import { CLIENT_MOVES, movesFrom } from "./client-moves";

/** The request page offers exactly the PUTs the service accepts: one table, two readers. */
describe("the request page's offered moves", () => {
  it.each(SANDBOX_SETTLEMENT_STATUSES)("from %s: exactly the moves planClientMove allows", (status) => {
    const offered = movesFrom(status).map((m) => m.to);
    const allowed = PUT_STATUSES.filter((to) => planClientMove(status, to).kind === "move");
    expect([...offered].sort()).toEqual([...allowed].sort());
  });

  it("offer every PUT status once, asking for a txHash exactly where the service stores one", () => {
    expect(CLIENT_MOVES.map((m) => m.to).sort()).toEqual([...PUT_STATUSES].sort());
    for (const move of CLIENT_MOVES) {
      const from = move.from[0];
      const plan = planClientMove(from as (typeof SANDBOX_SETTLEMENT_STATUSES)[number], move.to);
      expect(plan.kind).toBe("move");
      expect(move.txHash === true).toBe(plan.kind === "move" && plan.txHashOn !== undefined);
    }
  });
});
