import { useMemo } from "react";
import type { City as SiteConfig } from "../../sites/schema";
import type { T } from "~/lib/i18n";

export type RadioSchedule = SiteConfig["radio"]["schedule"];

/** "06:00" as the city's readers write a time ("6:00 AM" in en-US). */
export function formatClock(hhmm: string, locale: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(Date.UTC(2000, 0, 1, hours, minutes));
}

/** How many rows "Recently played" keeps room for (the relay remembers five). */
const RECENT_ROWS = 5;

/**
 * The last titles the station played, newest first, each with the time it was heard in the
 * city's zone. Its five rows are reserved from the first paint (the list arrives after it).
 */
export function RecentlyPlayed({
  recent,
  locale,
  timeZone,
  words,
}: {
  recent: { title: string; at: number }[];
  locale: string;
  timeZone: string;
  /** Its heading and what it says while empty, in the edition's language (it runs in the browser). */
  words: { heading: string; empty: string };
}) {
  return (
    <section aria-labelledby="recently-played" className="mt-6 border-t border-stone-700 pt-4">
      <h2
        id="recently-played"
        className="text-xs font-semibold tracking-wider text-stone-300 uppercase"
      >
        {words.heading}
      </h2>
      <div className="mt-2" style={{ minHeight: `${RECENT_ROWS * 2}rem` }}>
        {recent.length === 0 ? (
          <p className="text-stone-300">{words.empty}</p>
        ) : (
          <RecentList recent={recent} locale={locale} timeZone={timeZone} />
        )}
      </div>
    </section>
  );
}

/**
 * The titles of RecentlyPlayed, each with its time. Its time format is made when the first title
 * arrives and kept: an Intl.DateTimeFormat costs far more to make than to use (the first one of a
 * page loads the zone's data), and the player renders again at every poll of Now Playing. An
 * empty list, what the page shows at its first paint, makes none.
 */
function RecentList({
  recent,
  locale,
  timeZone,
}: {
  recent: { title: string; at: number }[];
  locale: string;
  timeZone: string;
}) {
  const time = useMemo(
    () => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }),
    [locale, timeZone],
  );
  return (
    <ol className="space-y-1">
      {recent.slice(0, RECENT_ROWS).map((item) => (
        <li key={`${item.at}-${item.title}`} className="flex min-h-7 items-baseline gap-3">
          <time
            dateTime={new Date(item.at).toISOString()}
            className="w-20 shrink-0 text-sm text-stone-300 tabular-nums"
          >
            {time.format(item.at)}
          </time>
          <span className="min-w-0 break-words">{item.title}</span>
        </li>
      ))}
    </ol>
  );
}

/** The station's week from the site config, in the city's time. */
export function ScheduleTable({
  schedule,
  locale,
  city,
  t,
}: {
  schedule: RadioSchedule;
  locale: string;
  city: string;
  /** The page's translator (the table is rendered on the server only). */
  t: T;
}) {
  if (schedule.length === 0) return null;
  return (
    <section aria-labelledby="schedule" className="mt-8">
      <h2 id="schedule" className="border-t-4 border-ink pt-2 font-serif text-2xl font-bold">
        {t("radio.schedule")}
      </h2>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">{t("radio.scheduleCaption", { city })}</caption>
        <thead>
          <tr className="border-b border-rule text-xs tracking-wider text-muted uppercase">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("radio.days")}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("radio.time")}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t("radio.show")}
            </th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((slot) => (
            <tr key={`${slot.days}-${slot.start}`} className="border-b border-rule">
              <td className="py-2 pr-3 whitespace-nowrap">{slot.days}</td>
              <td className="py-2 pr-3 tabular-nums sm:whitespace-nowrap">
                {formatClock(slot.start, locale)}–{formatClock(slot.end, locale)}
              </td>
              <td className="py-2">{slot.show}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted">{t("radio.timesAre", { city })}</p>
    </section>
  );
}
