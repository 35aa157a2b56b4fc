import { describe, expect, it } from "vitest";
import { CHAINS, type Chain } from "@/lib/schemas/catalog";
import { EVM_CHAINS, inferChain, isValidWalletAddress, toEip55, walletAddressProblem } from "./wallet";

// The EVM chains are chains of the catalog (a compile-time check, and at run time below).
EVM_CHAINS satisfies readonly Chain[];

const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"; // USDC mint
const SOL_SYSTEM = "11111111111111111111111111111111"; // system program: 32 zero bytes
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"; // USDT contract

describe("the EVM chains", () => {
  it("are all in the catalog's chains", () => {
    for (const chain of EVM_CHAINS) expect(CHAINS).toContain(chain);
  });
});

describe("isValidWalletAddress", () => {
  it.each([
    ["ETHEREUM", EVM],
    ["POLYGON", EVM],
    ["BASE", EVM],
    ["ETHEREUM", EVM.toLowerCase()],
    ["ETHEREUM", "0x" + EVM.slice(2).toUpperCase()],
    ["ETHEREUM", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"],
    ["ETHEREUM", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB"],
    ["SOLANA", SOL],
    ["SOLANA", SOL_SYSTEM],
    ["SOLANA", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
    ["TRON", TRON],
    ["TRON", "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8"], // USDC contract
  ])("accepts %s %s", (chain, address) => {
    expect(isValidWalletAddress(chain, address)).toBe(true);
  });

  it.each([
    ["ETHEREUM", EVM.slice(0, -1) + "D", "EIP-55"], // one letter's case flipped
    ["ETHEREUM", EVM.slice(0, -1), "0x + 40 hex"],
    ["ETHEREUM", EVM + "a", "0x + 40 hex"],
    ["ETHEREUM", EVM.slice(2), "0x + 40 hex"],
    ["ETHEREUM", "0x" + "g".repeat(40), "0x + 40 hex"],
    ["ETHEREUM", "0X" + EVM.slice(2).toLowerCase(), "0x + 40 hex"],
    ["POLYGON", SOL, "0x + 40 hex"],
    ["SOLANA", SOL.slice(0, -3), "32 bytes"], // 41 chars: 30 bytes
    ["SOLANA", "z".repeat(44), "32 bytes"], // 33 bytes
    ["SOLANA", SOL + "1", "32 bytes"],
    ["SOLANA", SOL.replace("E", "0"), "32 bytes"], // 0 is not in the alphabet
    ["SOLANA", SOL.replace("E", "l"), "32 bytes"], // nor is l
    ["SOLANA", EVM, "32 bytes"],
    ["SOLANA", TRON, "32 bytes"],
    ["TRON", TRON.slice(0, -1) + "u", "base58check"], // checksum broken
    ["TRON", "A" + TRON.slice(1), "base58check"],
    ["TRON", TRON.slice(0, -1), "base58check"],
    ["TRON", SOL, "base58check"],
    ["TRON", EVM, "base58check"],
    ["CARDANO", EVM, "unknown chain"],
  ])("rejects %s %s (%s)", (chain, address, reason) => {
    expect(isValidWalletAddress(chain, address)).toBe(false);
    expect(walletAddressProblem(chain, address)).toContain(reason);
  });

  it("computes EIP-55 as the EIP's own test vector", () => {
    expect(toEip55("0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359")).toBe("0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359");
    expect(toEip55(EVM.toLowerCase())).toBe(EVM);
  });
});

describe("inferChain", () => {
  it.each([
    [EVM, "ETHEREUM"],
    [EVM.toLowerCase(), "ETHEREUM"],
    [SOL, "SOLANA"],
    [SOL_SYSTEM, "SOLANA"],
    [TRON, "TRON"],
    [EVM.slice(0, -1) + "D", null],
    ["", null],
    ["hello", null],
    [TRON.slice(0, -1) + "u", null],
  ])("%s → %s", (address, chain) => {
    expect(inferChain(address)).toBe(chain);
  });
});
