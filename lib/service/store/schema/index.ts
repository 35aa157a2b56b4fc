export * from "./core";
export * from "./settlement";
export * from "./balances";
export * from "./webhooks";
