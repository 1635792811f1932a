import { translatorFor } from "../../common/i18n";
import { weatherWords } from "../../common/i18n/weather-words";
import { publicPath } from "../../common/slugs";
import { ShownStories, notShown } from "../../common/story-keys";
import { leadStory } from "../../common/lead-story";
import { HOME_SECTIONS, homeTitle } from "../../sites/categories";
import type { CityServices } from "../cities/served";
import type { CategoryNews } from "../news/engine";
import type { StoredArticle } from "../news/store";
import type { CityWeather } from "../weather/city-weather";

/** The top stories a briefing lists: at least five (issue 54), a home section's first each. */
export const BRIEFING_STORIES = 7;

/** A story as a briefing lists it: its headline, summary, outlet and link. */
export interface BriefingStory {
  title: string;
  summary: string;
  source: string;
  url: string;
}

/** An alert in force, as a briefing names it. */
export interface BriefingAlert {
  event: string;
  headline: string;
  severity: string;
  /** When it ends, as the city's clock says it; null: until further notice. */
  until: string | null;
}

/** What one edition's briefing of a morning says (the same for every subscriber of the edition). */
export interface BriefingContent {
  site: string;
  locale: string;
  timeZone: string;
  /** The publication's name. */
  name: string;
  /** The edition's canonical base (https://host or https://host/es). */
  siteUrl: string;
  /** The city's date, as its edition writes it ("Thursday, December 3"). */
  date: string;
  /** The weather now and today in one line, or null while the service has nothing. */
  weatherLine: string | null;
  weatherUrl: string;
  alerts: BriefingAlert[];
  stories: BriefingStory[];
  sections: { title: string; url: string }[];
  /** The newsroom's address (the mailto: unsubscribe). */
  contact: string;
  /** The mails' sender (MAIL_FROM, else the publication and its newsroom), if set. */
  from?: string;
}

/** A temperature as the locale writes it ("72°F", "22 °C"). */
function temperature(value: number, units: "us" | "metric", locale: string): string {
  const unit = units === "us" ? "fahrenheit" : "celsius";
  try {
    return new Intl.NumberFormat(locale, { style: "unit", unit }).format(value);
  } catch {
    return new Intl.NumberFormat("en-US", { style: "unit", unit }).format(value);
  }
}

/** The weather now and today, in one line in the edition's language; null with nothing to say. */
export function weatherLine(weather: CityWeather, locale: string): string | null {
  const t = translatorFor(locale);
  const words = weatherWords(locale);
  const parts: string[] = [];
  const current = weather.current;
  const today = weather.forecast?.days[0];
  if (current) {
    const sky = words.sky(current.description || today?.summary || "").text;
    const temp =
      current.temperature === null ? "" : temperature(current.temperature, current.units, locale);
    const now = [temp, sky].filter(Boolean).join(", ");
    if (now) parts.push(`${now}.`);
  } else if (today?.summary) parts.push(`${words.sky(today.summary).text}.`);
  if (today && (today.high !== null || today.low !== null)) {
    const range = [
      today.high === null ? "" : t("weather.summaryHigh", { temperature: today.high }),
      today.low === null ? "" : t("weather.summaryLow", { temperature: today.low }),
    ].filter(Boolean);
    parts.push(`${words.period(today.day).text}: ${range.join(", ")}.`);
  }
  return parts.length ? parts.join(" ") : null;
}

/** The alerts in force, most severe first (the service's order), their ends on the city's clock. */
export function briefingAlerts(weather: CityWeather, locale: string, timeZone: string) {
  const words = weatherWords(locale);
  const clock = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  });
  return weather.alerts.map((alert): BriefingAlert => ({
    event: words.event(alert.event).text,
    headline: alert.translations?.[translatorFor(locale).language]?.headline ?? alert.headline,
    severity: alert.severity,
    until: alert.ends ? clock.format(new Date(alert.ends)) : null,
  }));
}

/**
 * The day's top stories as home picks them (app/lib/news.ts leadStory: the lead, each story
 * once: common/story-keys.ts), then the first of each of home's sections not listed yet, round
 * by round, BRIEFING_STORIES in all; paid posts never.
 */
export function topStories(
  categories: readonly { key: (typeof HOME_SECTIONS)[number]["key"]; news: CategoryNews }[],
  now: number,
  limit = BRIEFING_STORIES,
): StoredArticle[] {
  const shown = new ShownStories();
  const picked: StoredArticle[] = [];
  const lead = leadStory(categories, now);
  if (lead && /^https?:\/\//i.test(lead.url)) picked.push(...notShown([lead], shown));
  // A story is listed with its link: one without (a feed gave none) is passed over.
  const queues = categories.map((c) =>
    c.news.articles.filter((a) => !a.sponsored && /^https?:\/\//i.test(a.url)),
  );
  while (picked.length < limit && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      if (picked.length >= limit) break;
      while (queue.length > 0) {
        const next = notShown(queue.splice(0, 1), shown);
        if (next.length > 0) {
          picked.push(...next);
          break;
        }
      }
    }
  }
  return picked;
}

/** The city's date as a day key (YYYY-MM-DD) and its hour (0–23), in its time zone. */
export function cityDay(now: number, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

/** Reads what one edition's briefing says this morning from its services (news and weather). */
export async function gatherBriefing(
  services: CityServices,
  siteId: string,
  now: number,
): Promise<BriefingContent> {
  const { site, edition, siteUrl } = services;
  const t = translatorFor(site.locale);
  const categories = await Promise.all(
    HOME_SECTIONS.map(async ({ key }) => ({ key, news: await services.news.getCategory(key) })),
  );
  const weather = await services.weather.get();
  const path = (p: string) => `${siteUrl}${publicPath(p, edition.slugs)}`;
  return {
    site: siteId,
    locale: site.locale,
    timeZone: site.timeZone,
    name: site.name,
    siteUrl,
    date: new Intl.DateTimeFormat(site.locale, {
      weekday: "long",
      month: "long",
      day: "numeric",
      timeZone: site.timeZone,
    }).format(now),
    weatherLine: weatherLine(weather, site.locale),
    weatherUrl: path("/weather"),
    alerts: briefingAlerts(weather, site.locale, site.timeZone),
    stories: topStories(categories, now).map((a) => ({
      title: a.title,
      summary: a.summary,
      source: a.source,
      url: a.url,
    })),
    sections: HOME_SECTIONS.map(({ key, slug }) => ({
      title: t(homeTitle(key)),
      url: path(`/${slug}`),
    })),
    contact: site.contact.email,
  };
}
