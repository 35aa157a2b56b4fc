import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { CHAINS } from "@/lib/schemas/catalog";
import { isValidWalletAddress } from "@/lib/validators/wallet";
import { depositAddress } from "./deposit-address";

describe("depositAddress", () => {
  it.each(CHAINS)("is a valid %s address, stable per request and distinct across requests", (chain) => {
    for (let i = 0; i < 50; i++) {
      const id = randomUUID();
      const address = depositAddress(chain, id);
      expect(isValidWalletAddress(chain, address), address).toBe(true);
      expect(depositAddress(chain, id)).toBe(address);
      expect(depositAddress(chain, randomUUID())).not.toBe(address);
    }
  });
});
