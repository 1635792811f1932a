/**
 * What is not news (issue 53): job ads, calls for applications and marketing posts that feeds
 * carry among their stories ("We're hiring: night editor for our metro desk", a category
 * Jobs). Rules are data: the network's (`network.notNews` in sites/network.json) for every feed,
 * and a listing's own (`notNews` of a feed in a city's `feeds`) for that feed besides. A story
 * matching one is left out wherever stories are read (engine.ts credited: categories, home, the
 * News Feed, /api/articles and search alike), so a rule added later applies to stories already
 * stored. A story about hiring is news and stays: a rule reads a title's start only ("Hiring
 * freeze at City Hall…", "City Hall is hiring fewer police officers…" match none).
 */

/** Rules of what is not news, as the network's data and a feed's listing write them. */
export interface NotNewsRules {
  /**
   * Title starts, each matched at the title's start whatever its case, accents and kind of
   * apostrophe, and ending at a word's end ("Job:" is not "Jobs report…"); `{n}` stands for a
   * number ("{n}% off" matches "50% off every plan").
   */
  titles?: string[];
  /** Categories (RSS `<category>`, Atom's), each matched whole whatever its case and accents. */
  categories?: string[];
}

/** The placeholder for a number in a title rule. */
export const NUMBER_PLACEHOLDER = "{n}";

/**
 * Text as rules compare it: lower case, without accents, one kind of apostrophe, quote and dash,
 * whitespace collapsed.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

/** A title rule as a regular expression over folded text (only its own words, escaped). */
function titlePattern(rule: string): RegExp {
  const folded = foldText(rule);
  const escaped = folded
    .split(NUMBER_PLACEHOLDER)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
    .join("\\d+(?:[.,]\\d+)?");
  // A rule ending in a letter or digit ends at a word's end; one ending in ":" or "]" anywhere.
  const end = /[\p{L}\p{N}}]$/u.test(folded) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`^${escaped}${end}`, "u");
}

/** A story as the rules read it: its title and its categories. */
export interface RuledStory {
  title: string;
  categories?: string[];
}

/** Rules put together (the network's and a listing's), ready to match stories. */
export class NotNews {
  private readonly titles: { rule: string; pattern: RegExp }[] = [];
  private readonly categories = new Map<string, string>();

  constructor(...sets: readonly (NotNewsRules | undefined)[]) {
    const seen = new Set<string>();
    for (const rules of sets) {
      for (const rule of rules?.titles ?? []) {
        if (seen.has(rule)) continue;
        seen.add(rule);
        this.titles.push({ rule, pattern: titlePattern(rule) });
      }
      for (const rule of rules?.categories ?? []) {
        const folded = foldText(rule);
        if (!this.categories.has(folded)) this.categories.set(folded, rule);
      }
    }
  }

  /** Whether it has no rule at all. */
  get empty(): boolean {
    return this.titles.length === 0 && this.categories.size === 0;
  }

  /** The rule a story matches ("title: We're hiring", "category: Jobs"), or undefined: news. */
  match(story: RuledStory): string | undefined {
    if (this.empty) return undefined;
    const title = foldText(story.title);
    for (const { rule, pattern } of this.titles) if (pattern.test(title)) return `title: ${rule}`;
    for (const category of story.categories ?? []) {
      const rule = this.categories.get(foldText(category));
      if (rule !== undefined) return `category: ${rule}`;
    }
    return undefined;
  }

  /** Whether a story is news (matches no rule). */
  isNews(story: RuledStory): boolean {
    return this.match(story) === undefined;
  }
}

/** No rules: every story is news. */
export const NO_RULES = new NotNews();
