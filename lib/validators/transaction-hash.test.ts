import { describe, expect, it } from "vitest";
import { base58 } from "@scure/base";
import { transactionHashProblem } from "./transaction-hash";

const evm = `0x${"ab".repeat(32)}`;
const solana = base58.encode(new Uint8Array(64).fill(7));

describe("transactionHashProblem", () => {
  it("takes each chain's own shape and refuses another chain's", () => {
    expect(transactionHashProblem("ETHEREUM", evm)).toBeNull();
    expect(transactionHashProblem("BASE", evm)).toBeNull();
    expect(transactionHashProblem("TRON", evm.slice(2))).toBeNull();
    expect(transactionHashProblem("SOLANA", solana)).toBeNull();
    expect(transactionHashProblem("SOLANA", evm)).toMatch(/not a Solana transaction signature/);
    expect(transactionHashProblem("SOLANA", "0xfeedbeef01")).toMatch(/Solana/);
    expect(transactionHashProblem("ETHEREUM", solana)).toMatch(/not a transaction hash of Ethereum/);
    expect(transactionHashProblem("POLYGON", "0x1234")).toMatch(/0x and 64 hex/);
  });
});
