import { CONSOLE_PAGES } from "../../lib/dashboard/console-routes";

/** The bench's fixed settings: where the console runs, its keys and people, the goals. */

export const PORT = Number(process.env.BENCH_PORT ?? 3460);
export const BASE = `http://localhost:${PORT}`;
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
export const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
export const PARTS = new Set((process.env.BENCH_ONLY ?? "js,list,action,rss").split(",").map((p) => p.trim()));
export const KEY = "sk_test_bench-dashboard-00000000000000000000";
export const PROD_KEY = "sk_live_bench-dashboard-00000000000000000000";
export const ADMIN = { email: "bench@console.local", password: "bench-admin-password-0001" };
export const GOAL_KB = 200;
export const GOAL_OVER_FLOOR_KB = 35;
export const GOAL_LIST_RATIO = 1.5;
export const GOAL_ACTION_MS = 15;
export const GOAL_RSS_MB = 400;
export const IDLE_MS = 5_000;
/** Every page without an id (one list with the navigation and the route walk). */
export const STATIC_ROUTES: readonly string[] = CONSOLE_PAGES;
export const SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
export const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
