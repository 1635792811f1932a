import type { FeedKey } from "../../sites/categories";

/**
 * Which fixture feeds stand in for each category in the demo and the end-to-end tests: every
 * category filled from the real-world corpus (sports from five feeds, like the real config).
 */
export const DEMO_FEEDS: Record<FeedKey, string[]> = {
  local: ["nbc-newyork.rss.xml", "ctvnews-topstories.rss.xml", "nyt-homepage.rss.xml"],
  national: ["google-news-top.rss.xml", "nyt-homepage.rss.xml"],
  world: ["guardian-us.rss.xml", "reuters-world.rss.xml", "mirror-world.rss.xml"],
  politics: ["talkingpointsmemo.atom.xml"],
  business: ["livemint-news.rss.xml", "hubspot-marketing.rss.xml"],
  technology: ["theverge-frontpage.atom.xml", "slashdot.rdf.xml", "macworld.rss.xml"],
  automotive: ["motor-ru.rss.xml", "reporterre-ecology.rss.xml"],
  realestate: ["craigslist-sfbay-apartments.rdf.xml"],
  health: ["washingtonpost-wellness.rss.xml", "fda-drug-recalls.rss.xml"],
  sports: [
    "espn-top.rss.xml",
    "bleacherreport.rss.xml",
    "skysports-liverpool.rss.xml",
    "transfermarkt-news.rss.xml",
    "fcutrecht-news.rss.xml",
  ],
  arts: ["lefigaro-culture.rss.xml"],
  food: ["medium-invironment-food.rss.xml"],
  lifestyle: ["daringfireball.atom.xml"],
  opinion: ["scripting-news.rss.xml", "pcmag-dvorak-nested-items.rss.xml"],
  archives: ["japantimes-latest.rss.xml"],
};

/**
 * A second, different mix of the same corpus (issue 55): bench:bytes measures the page budgets on
 * it too, so a budget that holds only for the demo's feeds does not pass. Each home section and
 * sports draw on other publishers than in DEMO_FEEDS, with longer titles and summaries, other
 * scripts and charsets (Urdu, Greek, Russian, Chinese), and feeds without pictures.
 */
export const SECOND_FEEDS: Record<FeedKey, string[]> = {
  local: ["dailymail-ushome.iso-8859-1.rss.xml", "indianexpress.rss.xml"],
  national: ["guardian-us.rss.xml", "washingtonpost-wellness.rss.xml"],
  world: ["bbc-urdu.rss.xml", "liberal-gr.iso-8859-7.rss.xml", "oren-ru.windows-1251.rss.xml"],
  politics: ["scripting-news.rss.xml"],
  business: ["hubspot-marketing.rss.xml", "kc0011.gb2312.rss.xml"],
  technology: ["heise-newsticker.rss090.xml", "golem-de.iso-8859-1.rss.xml"],
  automotive: ["motor-ru.rss.xml"],
  realestate: ["craigslist-sfbay-apartments.rdf.xml"],
  health: ["fda-drug-recalls.rss.xml", "huggingface-blog-relative.rss.xml"],
  sports: ["transfermarkt-news.rss.xml", "skysports-liverpool.rss.xml", "jn-pt.iso-8859-1.rss.xml"],
  arts: ["giantbomb-podcast.rss.xml"],
  food: ["youtube-investmentpunk.atom.xml"],
  lifestyle: ["macworld.rss.xml"],
  opinion: ["daringfireball.atom.xml"],
  archives: ["nyt-homepage.rss.xml"],
};

/**
 * The feeds of Houston's Spanish edition (issue 38) in the demo and the end-to-end tests: the
 * real Spanish-language fixtures (tests/fixtures/feeds/SOURCES.md), by category. Its other
 * categories show the English feeds, each story marked as English.
 */
export const DEMO_EDITION_FEEDS: Record<string, Partial<Record<FeedKey, string[]>>> = {
  es: { local: ["lanacion-ar.rss.xml"], sports: ["mundodeportivo-barca.rss.xml"] },
};

/**
 * The publishers' short names, as a city's data gives them, for the fixture feeds whose own
 * titles do not read as a name ("LE FIGARO - Le Figaro - Culture : Cinéma, théâtre, …"); the
 * others are credited by their feeds' titles.
 */
export const DEMO_NAMES: Record<string, string> = {
  "lefigaro-culture.rss.xml": "Le Figaro",
  "ctvnews-topstories.rss.xml": "CTV News",
  "nyt-homepage.rss.xml": "The New York Times",
  "google-news-top.rss.xml": "Google News",
  "reuters-world.rss.xml": "Reuters",
  "mirror-world.rss.xml": "The Mirror",
  "talkingpointsmemo.atom.xml": "Talking Points Memo",
  "livemint-news.rss.xml": "Mint",
  "theverge-frontpage.atom.xml": "The Verge",
  "reporterre-ecology.rss.xml": "Reporterre",
  "craigslist-sfbay-apartments.rdf.xml": "craigslist",
  "washingtonpost-wellness.rss.xml": "The Washington Post",
  "fda-drug-recalls.rss.xml": "U.S. FDA",
  "espn-top.rss.xml": "ESPN",
  "bleacherreport.rss.xml": "Bleacher Report",
  "skysports-liverpool.rss.xml": "Sky Sports",
  "fcutrecht-news.rss.xml": "FC Utrecht",
  "medium-invironment-food.rss.xml": "Medium",
  "pcmag-dvorak-nested-items.rss.xml": "PCMag",
  "japantimes-latest.rss.xml": "The Japan Times",
  "lanacion-ar.rss.xml": "La Nación",
  "mundodeportivo-barca.rss.xml": "Mundo Deportivo",
};

/**
 * A FEEDS_FILE body pointing every category at a fixture feed server at `baseUrl`: the feeds as
 * their publishers wrote them, or (`pictures`, for the demo) with their pictures served locally;
 * `changing` makes every fetch of them a whole answer (no 304), for the benchmarks' refreshes;
 * `feeds`: which fixture feeds fill each category (DEMO_FEEDS unless told).
 */
type Listing = string | { url: string; name: string; language?: string };

export function demoFeedsFile(
  baseUrl: string,
  {
    pictures = false,
    changing = false,
    feeds = DEMO_FEEDS,
  }: { pictures?: boolean; changing?: boolean; feeds?: Record<FeedKey, string[]> } = {},
): Record<FeedKey, Listing[]> & { editions: Record<string, Partial<Record<FeedKey, Listing[]>>> } {
  const prefix = pictures ? "/pictures/feeds" : "/feeds";
  // `changing` (benchmarks): every fetch gets the whole feed, as if it had changed.
  const suffix = changing ? "?changed" : "";
  const listings = (lists: Partial<Record<FeedKey, string[]>>, language?: string) =>
    Object.fromEntries(
      Object.entries(lists).map(([key, files]) => [
        key,
        files.map((f): Listing => {
          const url = `${baseUrl}${prefix}/${f}${suffix}`;
          const name = DEMO_NAMES[f];
          if (!name) return url;
          return language ? { url, name, language } : { url, name };
        }),
      ]),
    );
  const editions = Object.fromEntries(
    Object.entries(DEMO_EDITION_FEEDS).map(([language, lists]) => [
      language,
      listings(lists, language),
    ]),
  );
  return { ...(listings(feeds) as Record<FeedKey, Listing[]>), editions };
}
