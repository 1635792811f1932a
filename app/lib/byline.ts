/** How long a byline's names may be together, at most (it stays a line or two on a card). */
export const BYLINE_MAX = 80;

/**
 * A story's authors as one phrase, joined the language's way ("Ana Pérez and Sam Lee", "Ana
 * Pérez, Sam Lee and Kim Ho"; `and` from the catalogue), cut on a word within BYLINE_MAX
 * characters (an ellipsis marks the cut). Empty for none.
 */
export function joinAuthors(authors: readonly string[], and: string): string {
  const last = authors.at(-1);
  if (last === undefined) return "";
  const joined = authors.length === 1 ? last : `${authors.slice(0, -1).join(", ")} ${and} ${last}`;
  if (joined.length <= BYLINE_MAX) return joined;
  const cut = joined.slice(0, BYLINE_MAX);
  const space = /\s/.test(joined.charAt(BYLINE_MAX)) ? BYLINE_MAX : cut.lastIndexOf(" ");
  const words = (space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/, "");
  // (not after a lone joining word: "Ana Pérez and…")
  const tidy = words.endsWith(` ${and}`) ? words.slice(0, -and.length - 1) : words;
  return `${tidy}…`;
}
