import {
  countTerms,
  markText,
  readQuery,
  relevanceOf,
  termMatcher,
  WORD,
  type TermMatcher,
} from "../../common/search-text";
import { stemmerFor } from "../../common/stemming";
import type { SiteContent } from "../../sites/content";
import type { City } from "../../sites/schema";
import { pagesFor, type PageId } from "./pages";
import type { SitePageHit } from "./search";

// The site's own pages in search (decision 003): the words of the pages that hold the city's
// own texts (its weather page's preparedness tips, its radio schedule, how to reach it, its FAQ
// answers, its openings…), from the city's data and the page table, searched in memory with the
// stemming the stories get, and shown above the stories as "On this site".

/** How many of the site's pages a search lists at most: a short list above the stories. */
export const MAX_SITE_HITS = 5;
/** About how long a page's snippet is: a matching passage, cut around its first match. */
export const SNIPPET_LENGTH = 160;

/** A page of the site as search reads it: where it is, its title, and its texts. */
export interface SitePage {
  path: string;
  title: string;
  /** Each text of the city's data that the page shows, then its description. */
  passages: string[];
}

/** What a page shows of the city's data, as passages, for each page searched. */
const PAGE_TEXTS: Partial<Record<PageId, (site: City, content: SiteContent) => string[]>> = {
  weather: (_, { pages }) => [...pages.weather.tips, pages.weather.hurricaneSeason],
  radio: (site) => site.radio.schedule.map((s) => `${s.show}: ${s.days}, ${s.start}–${s.end}`),
  // A city without a phone or an address shows none.
  contact: ({ contact }) =>
    [contact.address, contact.phone, contact.email, contact.officeHours].filter(
      (text) => text !== undefined,
    ),
  faq: (_, { pages }) => pages.faq.items.map((item) => `${item.question} ${item.answer}`),
  careers: (_, { pages: { careers } }) => [
    ...careers.openings.map((job) => `${job.title}: ${job.description}`),
    ...careers.benefits,
    careers.internship,
    careers.applyEmail,
  ],
  books: (_, { pages }) => pages.books.books.map((book) => `${book.title}, ${book.author}`),
  partners: (_, { pages }) => pages.partners.documents.map((doc) => doc.title),
  "privacy-policy": (_, { pages }) =>
    pages.legal.privacyPolicy.map((s) => `${s.title}. ${s.paragraphs.join(" ")}`),
  "terms-of-service": (_, { pages }) =>
    pages.legal.termsOfService.map((s) => `${s.title}. ${s.paragraphs.join(" ")}`),
};

/** The pages made from a city's data, by its content (a city's, for as long as it is loaded). */
const built = new WeakMap<SiteContent, { site: City; pages: SitePage[] }>();

/** The site's searched pages, made from its data once per city (its data and its content). */
export function sitePages(site: City, content: SiteContent): SitePage[] {
  const made = built.get(content);
  if (made?.site === site) return made.pages;
  // The pages' titles and descriptions in the edition's language, as its pages show them.
  const table = pagesFor(site.locale);
  const pages = Object.entries(PAGE_TEXTS).map(([id, texts]) => {
    const page = table[id as PageId];
    return {
      path: page.path,
      title: page.heading,
      // The description last: of passages as good, a snippet shows the page's own text.
      passages: [...texts(site, content), page.description(site)],
    };
  });
  built.set(content, { site, pages });
  return pages;
}

/**
 * The site's pages that hold every word of what a reader typed (read as a story search reads it:
 * common/search-text.ts), each word in any of its forms, stemmed in the city's language; the
 * most relevant first (a word in the title counts as in a story's), at most MAX_SITE_HITS. Each
 * with its title and a snippet, the matches marked.
 */
export function searchSitePages(site: City, content: SiteContent, input: string): SitePageHit[] {
  const query = readQuery(input);
  if (!query) return [];
  const matcher = termMatcher(query, stemmerFor(site.locale));
  const relevance = relevanceOf(matcher);
  return sitePages(site, content)
    .flatMap((page) => {
      const body = page.passages.join(" ");
      const found = countTerms(`${page.title} ${body}`, matcher);
      if (found.some((n) => n === 0)) return [];
      return [{ page, score: relevance({ title: page.title, summary: body }) }];
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SITE_HITS)
    .map(({ page }) => ({
      path: page.path,
      title: markText(page.title, matcher),
      snippet: markText(snippetOf(page.passages, matcher), matcher),
    }));
}

/**
 * The passage that holds the most of the query's words (then the most matches), cut to about
 * SNIPPET_LENGTH characters at word boundaries, from a little before its first match.
 */
function snippetOf(passages: readonly string[], matcher: TermMatcher): string {
  const scored = passages.map((text) => {
    const found = countTerms(text, matcher);
    const total = found.reduce((a, b) => a + b, 0);
    return { text, words: found.filter((n) => n > 0).length, total };
  });
  const best = scored.reduce((a, b) =>
    b.words > a.words || (b.words === a.words && b.total > a.total) ? b : a,
  );
  return cutAround(best.text, matcher);
}

/** How many words a snippet keeps before its first match, for context. */
const LEAD_WORDS = 4;

/** `text` cut to about SNIPPET_LENGTH characters from a little before its first match, "…" where cut. */
function cutAround(text: string, matcher: TermMatcher): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const words = [...text.matchAll(WORD)];
  const first = words.findIndex((m) => matcher.termOf(m[0]) >= 0);
  const start = first <= LEAD_WORDS ? 0 : (words[first - LEAD_WORDS]?.index ?? 0);
  // The first word that would run past the length, which is where the snippet stops.
  const end = words.find((m) => m.index + m[0].length > start + SNIPPET_LENGTH)?.index;
  const cut = text.slice(start, end).trimEnd();
  return `${start > 0 ? "… " : ""}${cut}${end === undefined ? "" : " …"}`;
}
