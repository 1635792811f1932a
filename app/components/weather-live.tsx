import { isStormAlert } from "../../common/storm-mode";
import type { ReactNode } from "react";
import type { T } from "~/lib/i18n";
import { usePageHref } from "~/lib/page-path";
import { useRootData } from "~/lib/root-data";
import { withParts } from "~/lib/message-parts";
import { translatorFor } from "../../common/i18n";
import type { CityWeather } from "../../server/weather/city-weather";
import type { ForecastDay } from "../../server/weather/nws";
import type { WeatherAlert } from "../../server/weather/nws-alerts";
import { TEXT_LIMITS, cleanText } from "../../common/weather-text";
import { cityDate } from "~/lib/city-date";
import { relativeDate } from "~/lib/relative-date";
import {
  CONDITION_ICONS,
  CurrentConditions,
  Forecast,
  AlertsSection,
  WeatherAlerts,
  WeatherUnavailable,
  Given,
  type ShownAlert,
  alertTextsFor,
  feelsLikeText,
  formatFigure,
} from "./weather";
import { weatherWords } from "../../common/i18n/weather-words";
import { SevereIcon } from "./weather-icons";

/**
 * The live weather blocks: the alert banner of every page, home's weather summary and /weather's
 * live sections. Ordinary components rendered on the server from the loaders' weather; none
 * hydrates (they hold no control), and they change with the page (the page cache's "weather"
 * dependency).
 *
 * What they show of the service is bounded whatever its answer holds: a few alerts in the
 * banner (BANNER_ALERTS), a few dozen on /weather (PAGE_ALERTS), the others counted; each text
 * without control characters, cut to its length (the service's reader did so already: again
 * here, cheaply, for whatever else made the weather), and isolated (`<bdi>`, `dir="auto"`) so
 * that no text of the service turns the page's own words around it.
 */

/** The most alerts the banner names, the most severe first; the others are counted ("and 2 more"). */
export const BANNER_ALERTS = 3;
/** The longest event name the banner shows (characters; "Flash Flood Warning" is 19). */
export const BANNER_EVENT_CHARS = 80;
/** The most alerts /weather lists in full; the others are counted, with a link to the service. */
export const PAGE_ALERTS = 25;

/** Where the weather is, and how its readers write dates and numbers. */
export interface Place {
  city: string;
  locale: string;
  timeZone: string;
}

/** An alert's texts cleaned and bounded (TEXT_LIMITS), as the service's reader keeps them. */
function boundedAlert(alert: WeatherAlert): WeatherAlert {
  const event = cleanText(alert.event, TEXT_LIMITS.event);
  return {
    ...alert,
    id: cleanText(alert.id, TEXT_LIMITS.alertId),
    event,
    headline: cleanText(alert.headline, TEXT_LIMITS.headline) || event,
    description: cleanText(alert.description, TEXT_LIMITS.description, { multiline: true }),
    instruction: cleanText(alert.instruction, TEXT_LIMITS.instruction, { multiline: true }) || null,
    areaDesc: cleanText(alert.areaDesc, TEXT_LIMITS.areaDesc),
  };
}

/** The weather's service texts (conditions, forecast) cleaned and bounded as its reader does. */
function boundedWeather(weather: CityWeather): Pick<CityWeather, "current" | "forecast"> {
  const { current, forecast } = weather;
  return {
    current: current && {
      ...current,
      station: cleanText(current.station, TEXT_LIMITS.station),
      description: cleanText(current.description, TEXT_LIMITS.sky),
    },
    forecast: forecast && {
      ...forecast,
      days: forecast.days.slice(0, 7).map((day) => ({
        ...day,
        day: cleanText(day.day, TEXT_LIMITS.period),
        summary: cleanText(day.summary, TEXT_LIMITS.sky),
      })),
    },
  };
}

/**
 * When an alert ends, as short as a banner allows: its time alone when that is the render's day
 * in the city ("9:45 PM"), else its day and time without the year ("Nov 28, 9:45 PM").
 */
export function untilText(iso: string, place: Place, now?: number): { iso: string; text: string } {
  const day = (t: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: place.timeZone }).format(new Date(t));
  const sameDay = now !== undefined && day(Date.parse(iso)) === day(now);
  const text = new Intl.DateTimeFormat(place.locale, {
    ...(sameDay ? {} : { month: "short", day: "numeric" }),
    hour: "numeric",
    minute: "2-digit",
    timeZone: place.timeZone,
  }).format(new Date(iso));
  return { iso, text };
}

/**
 * The city's alert banner as every page carries it, from the root's data: the shared layout's
 * pages and those outside it (/radio, /books, the not-found page) alike. The live channel
 * (app/islands/live.ts) replaces or removes it when the alerts change.
 */
export function PageAlertBanner({ className = "" }: { className?: string }) {
  const root = useRootData();
  const pageHref = usePageHref();
  // No weather known (a root without it, as a test's): no banner.
  if (!root?.weatherAlerts) return null;
  return (
    <AlertBanner
      weather={root.weatherAlerts}
      place={root.site}
      now={root.now}
      className={className}
      href={pageHref}
    />
  );
}

/**
 * The banner of the city's Extreme and Severe alerts (hurricane, tornado, flash flood
 * warnings…) at the top of every page, linking to /weather; null when none is in force. It names
 * the BANNER_ALERTS most severe (the service's reader lists them most severe first) and counts
 * the others ("and 4 more").
 */
export function AlertBanner({
  weather,
  place,
  now,
  className = "",
  href = (path: string) => path,
}: {
  weather: Pick<CityWeather, "alerts" | "alertsInForce">;
  place: Place;
  /** The render's time (epoch ms): an alert ending that day says its time alone. */
  now?: number;
  /** Where the layout places it. */
  className?: string;
  /** A page's address in the edition (usePageHref: its prefix, its language): links stay in it. */
  href?: (path: string) => string;
}) {
  const urgent = weather.alerts.filter(isStormAlert);
  if (urgent.length === 0) return null;
  const shown = urgent.slice(0, BANNER_ALERTS).map((alert) => ({
    ...alert,
    id: cleanText(alert.id, TEXT_LIMITS.alertId),
    event: cleanText(alert.event, BANNER_EVENT_CHARS),
  }));
  const more = Math.max(urgent.length, weather.alertsInForce?.urgent ?? 0) - shown.length;
  const t = translatorFor(place.locale);
  // One link, the whole bar (a touch target of 44 px at least): each event, where and until when,
  // on a phone too. Its focus ring is white inside the bar, clear against the red (7:1).
  return (
    <section
      aria-label={t("weather.bannerLabel")}
      className={`bg-red-800 text-white ${className}`.trim()}
      data-weather-alert={shown.map((a) => a.id).join(" ")}
    >
      <a
        href={href("/weather#alerts")}
        className="mx-auto flex min-h-11 max-w-7xl items-center gap-2 px-4 py-1.5 text-sm hover:underline focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white"
      >
        <SevereIcon aria-hidden="true" size={20} className="shrink-0" />
        <span className="min-w-0 flex-1">
          {shown.map((alert, i) => {
            // The hazard's end (never the message's expiry); none known: until further notice.
            const until = alert.ends ? untilText(alert.ends, place, now) : null;
            return (
              <span key={`${i}:${alert.id}`} className="block font-semibold">
                <Given shown={alertTextsFor(alert, t).event} />
                {/* One text before the time: the page's HTML has no marker inside it. */}
                <span className="font-normal">
                  {until
                    ? withParts(` ${t("weather.bannerForUntil", { city: place.city })}`, {
                        time: <time dateTime={until.iso}>{until.text}</time>,
                      })
                    : ` ${t("weather.bannerForUntilFurtherNotice", { city: place.city })}`}
                </span>
              </span>
            );
          })}
          {more > 0 && <span className="block">{t("weather.bannerMore", { count: more })}</span>}
        </span>
        {/* On a phone the bar keeps its width for the alerts: the words stay for screen readers. */}
        <span className="shrink-0 font-semibold underline max-sm:sr-only">
          {t("weather.bannerLink")}
        </span>
      </a>
    </section>
  );
}

/**
 * Home's weather block: the temperature now, the sky, today's high and low, when and where
 * observed, linking to /weather; or, without live figures, that they are unavailable.
 */
export function WeatherSummary({
  weather,
  place,
  href = (path: string) => path,
}: {
  weather: CityWeather;
  place: Place;
  /** A page's address in the edition (usePageHref: its prefix, its language): links stay in it. */
  href?: (path: string) => string;
}) {
  const { current, forecast } = boundedWeather(weather);
  const today = forecast?.days[0];
  const alertCount = Math.max(weather.alerts.length, weather.alertsInForce?.total ?? 0);
  const t = translatorFor(place.locale);
  return (
    <section aria-labelledby="home-weather" className="border-t-4 border-ink pt-3">
      <h2 id="home-weather" className="font-serif text-xl font-bold">
        {t("weather.summaryHeading", { city: place.city })}
      </h2>
      {current || today ? (
        <WeatherNow current={current} today={today} place={place} t={t} />
      ) : (
        <p className="mt-2 text-sm">{t("weather.unavailable")}</p>
      )}
      {alertCount > 0 && (
        <p className="mt-2 text-sm font-semibold text-red-800">
          {t("weather.alertsInForce", { count: alertCount })}
        </p>
      )}
      <a href={href("/weather")} className="link mt-2 inline-block text-sm font-semibold">
        {t("weather.summaryLink")}
      </a>
    </section>
  );
}

/** Home's weather now: the sky and temperature, how it feels, today's high and low, when observed. */
function WeatherNow({
  current,
  today,
  place,
  t,
}: {
  current: CityWeather["current"];
  today: ForecastDay | undefined;
  place: Place;
  t: T;
}) {
  const Icon = current
    ? CONDITION_ICONS[current.condition]
    : today
      ? CONDITION_ICONS[today.condition]
      : null;
  const observed = current ? cityDate(current.observedAt, place, true) : null;
  const words = weatherWords(place.locale);
  const feels = current ? feelsLikeText(current, t) : null;
  return (
    <>
      <p className="mt-2 flex items-center gap-3">
        {Icon && <Icon aria-hidden="true" size={32} />}
        {current?.temperature != null && (
          <span className="font-serif text-4xl font-bold">
            {formatFigure(current.temperature, "temperature", current.units, t.locale)}
          </span>
        )}
        <Given shown={words.sky(current?.description || today?.summary || "")} />
      </p>
      {feels && <p className="mt-1 text-sm font-semibold">{feels}</p>}
      {today && (today.high !== null || today.low !== null) && (
        <p className="mt-1 text-sm">
          <Given shown={words.period(today.day)} />:
          {today.high !== null && ` ${t("weather.summaryHigh", { temperature: today.high })}`}
          {today.high !== null && today.low !== null && ","}
          {today.low !== null && ` ${t("weather.summaryLow", { temperature: today.low })}`}
        </p>
      )}
      {observed && current && (
        <p className="mt-1 text-xs text-muted">
          {withParts(t("weather.observedAt"), {
            time: <time dateTime={observed.iso}>{observed.text}</time>,
            station: <bdi>{current.station}</bdi>,
          })}
        </p>
      )}
    </>
  );
}

/**
 * The weather page's live sections (conditions, alerts, forecast; or that live weather is
 * unavailable). It lists
 * the PAGE_ALERTS most severe alerts in full and counts the others, linking to the service's
 * page for the city (which lists every hazard in force there).
 */
export function WeatherLive({
  weather,
  place,
  now,
  afterAlerts,
}: {
  weather: CityWeather;
  place: Place;
  now: number;
  /** What follows the alerts in their section (the warnings by push). */
  afterAlerts?: ReactNode;
}) {
  const { current, forecast } = boundedWeather(weather);
  const alerts = weather.alerts.slice(0, PAGE_ALERTS).map((alert) => shownAlert(alert, place));
  const more = Math.max(weather.alerts.length, weather.alertsInForce?.total ?? 0) - alerts.length;
  const t = translatorFor(place.locale);
  return (
    <>
      {weather.state === "ready" && !current && !forecast && (
        <WeatherUnavailable city={place.city} forecastPage={weather.forecastPage} t={t} />
      )}
      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        {current && (
          <CurrentConditions
            current={current}
            updated={{
              ago: relativeDate(current.observedAt, now, place, { minutes: true }),
              at: cityDate(current.observedAt, place, true),
            }}
            t={t}
          />
        )}
        {/* Alerts never checked (loading, or the service down since the start) are not "none". */}
        {weather.alertsFetchedAt ? (
          <WeatherAlerts
            alerts={alerts}
            city={place.city}
            more={more > 0 ? { count: more, href: weather.forecastPage } : null}
            t={t}
          >
            {afterAlerts}
          </WeatherAlerts>
        ) : (
          weather.state === "ready" && (
            <AlertsUnchecked forecastPage={weather.forecastPage} t={t}>
              {afterAlerts}
            </AlertsUnchecked>
          )
        )}
      </div>
      {forecast && forecast.days.length > 0 && (
        <Forecast days={forecast.days} units={current?.units ?? "us"} t={t} />
      )}
    </>
  );
}

/** An alert as /weather lists it: its texts cleaned and bounded, its times in the city. */
function shownAlert(alert: WeatherAlert, place: Place): ShownAlert {
  const bounded = boundedAlert(alert);
  return {
    ...bounded,
    from: bounded.effective ? cityDate(bounded.effective, place, true) : null,
    until: bounded.ends ? cityDate(bounded.ends, place, true) : null,
  };
}

/**
 * The alerts' section while they were never checked (loading, or the service down since the
 * start): not "none", but where to read them.
 */
function AlertsUnchecked({
  forecastPage,
  t,
  children,
}: {
  forecastPage: string;
  t: T;
  /** What follows in the section (the warnings by push). */
  children?: ReactNode;
}) {
  return (
    <AlertsSection t={t}>
      <p>
        {withParts(t("weather.alertsUnchecked"), {
          link: (
            <a href={forecastPage} className="link">
              {t("weather.nws")}
            </a>
          ),
        })}
      </p>
      {children}
    </AlertsSection>
  );
}
