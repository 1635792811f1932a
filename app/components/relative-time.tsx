import { createContext, use } from "react";
import { ISLAND_MARKER_TYPE } from "../../common/islands";
import { LATIN_DIGITS, localeDigits } from "../../common/i18n/format";
import { relativeDate } from "~/lib/relative-date";

/**
 * What relative dates are told against: the time of the render, the city's locale and time
 * zone (whose language's words tell them: relativeWordsOf), and the clock island's module
 * (app/islands/clock.ts), which keeps them true in the browser. The site's layout gives it on the server; the News Feed's renderer in the browser
 * gives its own (with no module: the clock already runs there). No React Router here: a React
 * island renders this too.
 */
export interface Clock {
  now: number;
  locale: string;
  timeZone: string;
  /** The locale's digits 0 to 9 where they are not those (clockDigits): the island's too. */
  digits?: string;
  script?: string;
}

/**
 * The clock island's props: the city's locale and time zone (the words are the island's own, by
 * the locale's language: relativeWordsOf), and when the dates were told (`at`, the render's `now`: the island tells again only the dates whose age has
 * moved since); the locale's `digits` only when they are not 0 to 9 (clockDigits), so that the
 * island writes "12 minutes ago" without an Intl.NumberFormat.
 */
export type ClockProps = Pick<Clock, "locale" | "timeZone"> & {
  at: number;
  digits?: string;
};

export const ClockContext = createContext<Clock | null>(null);

/**
 * The locale's digits for the clock (Clock, ClockProps), undefined where they are 0 to 9: the
 * layout's, on the server (localeDigits makes an Intl.NumberFormat, which the island must not).
 */
export function clockDigits(locale: string): string | undefined {
  const digits = localeDigits(locale);
  return digits === LATIN_DIGITS ? undefined : digits;
}

/** What the clock island reads after its marker (ClockProps), `<` escaped as IslandProps does. */
function clockProps({ locale, timeZone, now, digits }: Clock): string {
  const props: ClockProps = { locale, timeZone, at: now, ...(digits ? { digits } : {}) };
  return JSON.stringify(props).replace(/</g, "\\u003c");
}

/** The clocks whose island marker a date has already written (one render each). */
const marked = new WeakSet<Clock>();

/**
 * Whether the page carries the clock island's props (the city's locale, time zone and digits) once this render is done: a date before wrote them, or `datesToCome` (a date rendered
 * after this call) will, as the render's first. What else needs them (a News Feed's island)
 * reads them there instead of carrying its own copy.
 */
export function carriesClock(clock: Clock | null, datesToCome: boolean): boolean {
  if (!clock?.script) return false;
  return marked.has(clock) || datesToCome;
}

/**
 * A relative date ("3 hours ago") in a `<time datetime data-relative>`, which the clock island
 * keeps fresh in the browser. The first date of a render writes the island's marker, with the
 * locale and time zone the island reads (one for the page: the island ticks every date
 * of it; a category page wrote 24, 14 KB before compression): any page with a relative
 * date loads it, and no other does. Every date is inside the layout's `<main>`, so main content
 * the until-ready island puts in place brings its own marker when the page had none.
 */
export function RelativeTime({
  iso,
  className,
  minutes,
}: {
  iso: string;
  className?: string;
  /** Within the hour, in minutes (relativeDate's `minutes`: when news was last refreshed). */
  minutes?: boolean;
}) {
  const clock = use(ClockContext);
  if (!clock) throw new Error("RelativeTime needs a ClockContext");
  const first = Boolean(clock.script) && !marked.has(clock);
  if (first) marked.add(clock);
  return (
    <>
      <time dateTime={iso} className={className} data-relative={minutes ? "minutes" : ""}>
        {relativeDate(iso, clock.now, clock, { minutes })}
      </time>
      {first && (
        // IslandScript's and IslandProps' markup (they read the router's data, which a React
        // island must not import): the city's locale and time zone, as JSON after
        // the marker (in an attribute, each quote would be written &quot;).
        <>
          <script type={ISLAND_MARKER_TYPE} data-island="clock" data-src={clock.script} />
          <script type="application/json" dangerouslySetInnerHTML={{ __html: clockProps(clock) }} />
        </>
      )}
    </>
  );
}
