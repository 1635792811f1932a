// What the two scanners of a feed's markup share: skim() (by bytes, for the entries and their
// dates) and scanMarkup() (by text, for buildTree) give up alike and skip instructions alike.

/** Where a scanner goes on from, when it gives up instead (to htmlparser2's tokenizer). */
export const GIVE_UP = -1;

/**
 * A processing instruction (the XML declaration) at `lt`: where the text after it starts, or
 * GIVE_UP when it never ends. `xml` is the document's text, or its bytes read as Latin-1.
 */
export function skipInstruction(
  xml: { indexOf(search: string, from: number): number },
  lt: number,
): number {
  // (the tokenizer ends one at the first "?>" after its "<?")
  const close = xml.indexOf("?>", lt + 2);
  return close === -1 ? GIVE_UP : close + 2;
}
