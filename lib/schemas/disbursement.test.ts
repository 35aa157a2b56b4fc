import { describe, expect, it } from "vitest";
import { disbursementCreateSchema } from "./disbursement";
import { issuePath } from "./error";
import { VALID } from "./test-fixtures";

describe("disbursement create", () => {
  it.each([
    [{ wallet_address: VALID.evm, amount: "10", currency: "USDC" }, "ETHEREUM"],
    [{ wallet_address: VALID.evm, amount: "10", currency: "USDC", chain: "BASE" }, "BASE"],
    [{ wallet_address: VALID.solana, amount: "10.123456", currency: "EURC" }, "SOLANA"],
    [{ wallet_address: VALID.tron, amount: 5, currency: "USDT" }, "TRON"],
  ])("%j → chain %s", (body, chain) => {
    const out = disbursementCreateSchema.parse(body);
    expect(out.chain).toBe(chain);
    expect(out.amount).toMatch(/^\d+\.\d{8}$/);
  });

  it.each([
    [{ wallet_address: "nope", amount: "10", currency: "USDC" }, "wallet_address"],
    [{ wallet_address: VALID.evm, amount: "10", currency: "USDC", chain: "SOLANA" }, "wallet_address"],
    [{ wallet_address: VALID.evm.slice(0, -1) + "D", amount: "10", currency: "USDC" }, "wallet_address"],
    [{ wallet_address: VALID.tron, amount: "10", currency: "EURC" }, "currency"],
    [{ wallet_address: VALID.evm, amount: "10", currency: "EURC", chain: "POLYGON" }, "chain"],
    [{ wallet_address: VALID.evm, amount: "0", currency: "USDC" }, "amount"],
    [{ wallet_address: VALID.evm, amount: "1.0000001", currency: "USDC" }, "amount"],
    [{ wallet_address: VALID.evm, amount: "-1", currency: "USDC" }, "amount"],
    [{ wallet_address: VALID.evm, amount: "10", currency: "USD" }, "currency"],
    [{ wallet_address: VALID.evm, amount: "10", currency: "USDC", chain: "BITCOIN" }, "chain"],
    [{ amount: "10", currency: "USDC" }, "wallet_address"],
  ])("%j fails at %s", (body, path) => {
    const r = disbursementCreateSchema.safeParse(body);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });
  // issue 35, finding 11: a mistyped EVM address was called "not a supported chain"
  it("says an EVM address with a bad checksum fails its checksum", () => {
    const bad = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
    const parsed = disbursementCreateSchema.safeParse({ wallet_address: bad, amount: "1", currency: "USDC" });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(/checksum/);
  });
});
