import { isStormAlert } from "../../common/storm-mode";
import type { ReactNode } from "react";
import type { CityWeather } from "../../server/weather/city-weather";
import type { WeatherAlert } from "../../server/weather/nws-alerts";
import { TEXT_LIMITS, cleanText } from "../../common/weather-text";
import { cityDate } from "~/lib/city-date";
import { useT, type T } from "~/lib/i18n";
import { ExternalLink } from "./external-link";
import { SevereIcon } from "./weather-icons";
import { Given, alertTextsFor, responseText } from "./weather";
import type { Place } from "./weather-live";

/**
 * Storm mode (issue 36): while an Extreme or Severe alert is in force for the city (the alert
 * banner's `urgent` ones), home leads with an emergency block before its top story, the
 * donation prompt is held and, unless STORM_ADS says otherwise, ads are left out. Nothing here
 * keeps a state: every page depends on the city's weather (the page cache's "weather"
 * dependency), so a page made after the alerts end is the calm one again.
 */

/** The most alerts the block shows in full, the most severe first; the others are counted. */
export const STORM_ALERTS = 3;

/** One of the city's emergency links (its data's `emergency`). */
export interface EmergencyLink {
  label: string;
  url: string;
}

/**
 * Home's emergency block: each urgent alert's event, area, until when (in the city's zone) and
 * what to do, a link to the alerts on /weather and one to the live radio, and the city's own
 * emergency links; null on a calm day. The service's texts are cleaned and bounded, and
 * isolated (`<bdi>`, `dir="auto"`), as the other weather blocks do.
 */
export function EmergencyBlock({
  weather,
  place,
  links,
  className = "",
  href = (path: string) => path,
  children,
}: {
  weather: Pick<CityWeather, "alerts" | "alertsInForce">;
  place: Place;
  links: EmergencyLink[];
  className?: string;
  /** A page's address in the edition (usePageHref: its prefix, its language): links stay in it. */
  href?: (path: string) => string;
  /** What ends the block (home: the warnings by push). */
  children?: ReactNode;
}) {
  const t = useT();
  const urgent = weather.alerts.filter(isStormAlert);
  if (urgent.length === 0) return null;
  const shown = urgent.slice(0, STORM_ALERTS).map((alert) => stormAlert(alert, place, t));
  const more = Math.max(urgent.length, weather.alertsInForce?.urgent ?? 0) - shown.length;
  // Words carry the meaning (the heading, "Until", "What to do"); the red is only a frame.
  return (
    <section
      aria-labelledby="storm-heading"
      data-storm-mode=""
      className={`border-4 border-red-800 bg-red-50 p-4 sm:p-5 ${className}`.trim()}
    >
      <h2
        id="storm-heading"
        className="flex items-center gap-2 font-serif text-2xl font-bold text-red-900"
      >
        <SevereIcon aria-hidden="true" size={28} className="shrink-0" />
        {t("layout.stormHeading", { city: place.city })}
      </h2>
      <ul className="mt-3 space-y-4">
        {shown.map((alert, i) => (
          <StormAlertItem key={`${i}:${alert.id}`} alert={alert} />
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-3 text-sm font-semibold">{t("layout.stormMore", { count: more })}</p>
      )}
      <p className="mt-4 flex flex-wrap gap-3">
        <a
          href={href("/weather#alerts")}
          className="inline-flex min-h-11 items-center bg-red-800 px-4 font-semibold text-white hover:bg-red-900 hover:underline"
        >
          {t("layout.allWeatherAlerts")}
        </a>
        <a
          href={href("/radio")}
          className="inline-flex min-h-11 items-center border-2 border-red-800 bg-white px-4 font-semibold text-red-900 hover:underline"
        >
          {t("layout.listenLiveRadio")}
        </a>
      </p>
      <EmergencyLinks links={links} />
      {children}
    </section>
  );
}

/**
 * An urgent alert as the block shows it: its type in the page's language, its texts in their
 * own (`given`, marked, when that is not the page's), cleaned and bounded; its times in the city.
 */
function stormAlert(alert: WeatherAlert, place: Place, t: T) {
  const { event, texts, lang } = alertTextsFor(alert, t);
  const instruction = cleanText(texts.instruction, TEXT_LIMITS.instruction, { multiline: true });
  return {
    id: cleanText(alert.id, TEXT_LIMITS.alertId),
    event: { ...event, text: cleanText(event.text, TEXT_LIMITS.event) },
    area: cleanText(alert.areaDesc, TEXT_LIMITS.areaDesc),
    // What to do: the service's instruction when it is in the page's language (its response
    // in words when it gives none); else the response in the page's words, the instruction
    // after it, marked.
    whatToDo: lang ? responseText(alert, t) : instruction || responseText(alert, t),
    given: lang && instruction ? { lang, instruction } : null,
    // When the hazard begins and ends as the service means them (never the message's expiry).
    from: alert.effective ? cityDate(alert.effective, place, true) : null,
    until: alert.ends ? cityDate(alert.ends, place, true) : null,
  };
}

/** One urgent alert: its type, area, from and until when, and what to do. */
function StormAlertItem({ alert }: { alert: ReturnType<typeof stormAlert> }) {
  const t = useT();
  return (
    <li className="border-l-4 border-red-800 pl-3">
      <p className="text-lg font-bold">
        <Given shown={alert.event} />
      </p>
      {alert.area && (
        <p className="text-sm">
          <span className="font-semibold">{t("layout.stormArea")}</span> <bdi>{alert.area}</bdi>
        </p>
      )}
      {alert.from && (
        <p className="text-sm">
          <span className="font-semibold">{t("layout.stormFrom")}</span>{" "}
          <time dateTime={alert.from.iso}>{alert.from.text}</time>
        </p>
      )}
      <p className="text-sm">
        <span className="font-semibold">{t("layout.stormUntil")}</span>{" "}
        {alert.until ? (
          <time dateTime={alert.until.iso}>{alert.until.text}</time>
        ) : (
          t("layout.stormFurtherNotice")
        )}
      </p>
      {alert.whatToDo && (
        <p className="mt-1 text-[0.95rem] whitespace-pre-line">
          <span className="font-semibold">{t("layout.stormWhatToDo")}</span>{" "}
          <span dir="auto">{alert.whatToDo}</span>
        </p>
      )}
      {alert.given && (
        <div className="mt-1 text-[0.95rem]">
          <p className="text-sm">
            {t(alert.given.lang === "en" ? "weather.serviceText" : "weather.serviceTextAsIssued")}
          </p>
          <p className="whitespace-pre-line" dir="auto" lang={alert.given.lang}>
            {alert.given.instruction}
          </p>
        </div>
      )}
    </li>
  );
}

/** The city's own emergency links (its data's `emergency`), under their heading; none: nothing. */
function EmergencyLinks({ links }: { links: EmergencyLink[] }) {
  const t = useT();
  if (links.length === 0) return null;
  return (
    <>
      <h3 id="storm-links" className="mt-4 text-sm font-bold tracking-wider uppercase">
        {t("layout.emergencyLinks")}
      </h3>
      <ul aria-labelledby="storm-links" className="mt-1 grid gap-x-6 sm:grid-cols-2">
        {links.map((link) => (
          <li key={link.url}>
            <ExternalLink
              href={link.url}
              className="flex min-h-11 items-center font-semibold text-ink underline hover:text-red-900"
            >
              {link.label}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </>
  );
}
