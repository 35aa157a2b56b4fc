/** How much history a backtest reads (browser-safe: the report says so when it stopped there). */
export const MOST_ROWS = 2_000;
export const MOST_ROWS_TEXT = `Stopped after the newest ${MOST_ROWS.toLocaleString("en-GB")} of a kind: older ones were not read.`;
