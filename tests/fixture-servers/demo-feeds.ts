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
 * A FEEDS_FILE body pointing every category at a fixture feed server at `baseUrl`: the feeds as
 * their publishers wrote them, or (`pictures`, for the demo) with their pictures served locally;
 * `changing` makes every fetch of them a whole answer (no 304), for the benchmarks' refreshes.
 */
export function demoFeedsFile(
  baseUrl: string,
  { pictures = false, changing = false }: { pictures?: boolean; changing?: boolean } = {},
): Record<FeedKey, string[]> {
  const prefix = pictures ? "/pictures/feeds" : "/feeds";
  // `changing` (benchmarks): every fetch gets the whole feed, as if it had changed.
  const suffix = changing ? "?changed" : "";
  return Object.fromEntries(
    Object.entries(DEMO_FEEDS).map(([key, files]) => [
      key,
      files.map((f) => `${baseUrl}${prefix}/${f}${suffix}`),
    ]),
  ) as Record<FeedKey, string[]>;
}
