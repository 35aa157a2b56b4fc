export * from "./aba";
export * from "./base58";
export * from "./clabe";
export * from "./iban";
export * from "./nuban";
export * from "./wallet";
