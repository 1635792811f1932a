/**
 * The list pages' two-column card grid without holes (issue 53). A row is as tall as its taller
 * card, and a picture card is taller than a text card by its picture (about 240 px at 1280 px):
 * a text card beside a picture card left that much empty under it. So each row holds two cards
 * of a kind, and a text card with no other near it spans its row alone (StoryGrid).
 */

/** How many places later a text card's partner may be, at most. */
export const PARTNER_REACH = 3;

/**
 * The stories in the order the grid shows them: each story in turn starts a row and takes the
 * next story of its kind as its neighbour; a text card's neighbour is at most PARTNER_REACH
 * places later (else it is alone in its row), a picture card's may be further. The first story
 * stays first, and no story moves up past more than the places its partner skipped. A picture
 * card left without a partner while text cards follow goes last, where it leaves no hole (the
 * first story excepted).
 */
export function pairByKind<T>(stories: readonly T[], pictured: (story: T) => boolean): T[] {
  const rest = [...stories];
  const shown: T[] = [];
  let last: T | undefined;
  while (rest.length > 0) {
    const first = rest.shift() as T;
    const kind = pictured(first);
    const at = rest.findIndex((s, i) => pictured(s) === kind && (kind || i < PARTNER_REACH));
    if (at >= 0) shown.push(first, ...rest.splice(at, 1));
    else if (kind && rest.length > 0 && shown.length > 0) last = first;
    else shown.push(first);
  }
  return last === undefined ? shown : [...shown, last];
}

/**
 * Which cards of a two-column grid, in this order, span their row: a text card that would start
 * a row with a picture card (or nothing) beside it. Cards are `true` for a picture card.
 */
export function spansRow(pictured: readonly boolean[]): boolean[] {
  let column = 0;
  return pictured.map((picture, i) => {
    if (column === 1) {
      column = 0;
      return false;
    }
    if (!picture && pictured[i + 1] !== false) return true;
    column = 1;
    return false;
  });
}
