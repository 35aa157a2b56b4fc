export * from "./core";
export * from "./settlement";
export * from "./balances";
