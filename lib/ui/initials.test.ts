import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

// issue 35, finding 6: a name with an emoji broke hydration (#418) and showed half a character
describe("initialsOf", () => {
  it("takes whole graphemes: emoji, flags, accents and joined sequences stay whole", () => {
    expect(initialsOf("Ada Lovelace")).toBe("AL");
    expect(initialsOf("🦊 Fox")).toBe("🦊F");
    expect(initialsOf("👩‍💻 Dev Team")).toBe("👩‍💻D");
    expect(initialsOf("🇩🇪 Berlin")).toBe("🇩🇪B");
    expect(initialsOf("émile zola")).toBe("ÉZ");
    expect(initialsOf("  single  ")).toBe("S");
    expect(initialsOf("")).toBeNull();
    expect(initialsOf(null)).toBeNull();
    for (const name of ["🦊 Fox", "👩‍💻 Dev"])
      expect(initialsOf(name)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
