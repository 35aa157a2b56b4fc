/**
 * The initials of a name for an avatar: the first grapheme of its first two words, so an emoji
 * or an accent is one whole character, the same on the server and in the browser (a UTF-16
 * `charAt(0)` cut an emoji in half and failed hydration). Null for an empty name.
 */
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

export function initialsOf(name: string | null | undefined): string | null {
  if (!name) return null;
  const words = name.trim().split(/\s+/u).filter(Boolean).slice(0, 2);
  const initials = words.map((word) => {
    const first = graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? "";
    return first.toLocaleUpperCase("en");
  });
  return initials.join("") || null;
}
