import type { ReactNode } from "react";
import type { WeatherCondition, WeatherContent } from "../../sites/content";
import type { AlertTexts, Severity, WeatherAlert } from "../../server/weather/nws-alerts";
import type { CurrentConditions as Conditions, ForecastDay } from "../../server/weather/nws";
import type { CityDate } from "~/lib/city-date";
import { formatNumber } from "../../common/i18n/format";
import { responseText as alertResponseText } from "../../common/i18n/alert-response";
import { weatherWords, type ShownText } from "../../common/i18n/weather-words";
import type { T } from "~/lib/i18n";
import { withParts } from "~/lib/message-parts";
import {
  CloudIcon,
  CloudRainIcon,
  InfoIcon,
  ModerateIcon,
  SevereIcon,
  SunIcon,
  WindIcon,
} from "./weather-icons";

/** A section heading of the weather page, ruled above as on a newspaper page. */
export const WEATHER_H2 = "mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold";

/** The page's icon of each condition (home's weather block shows them too). */
export const CONDITION_ICONS: Record<WeatherCondition, typeof SunIcon> = {
  sunny: SunIcon,
  cloudy: CloudIcon,
  rainy: CloudRainIcon,
  windy: WindIcon,
};

/** Severity shows as an icon and a word as well as a colour (docs/design.md). */
const SEVERITY: Record<
  Severity,
  { label: Parameters<T>[0]; Icon: typeof SunIcon; className: string }
> = {
  extreme: {
    label: "weather.severityExtreme",
    Icon: SevereIcon,
    className: "border-l-8 border-red-900 bg-red-100 text-red-950",
  },
  severe: {
    label: "weather.severitySevere",
    Icon: SevereIcon,
    className: "border-l-8 border-red-700 bg-red-50 text-red-900",
  },
  moderate: {
    label: "weather.severityModerate",
    Icon: ModerateIcon,
    className: "border-l-4 border-amber-600 bg-amber-50 text-amber-950",
  },
  minor: {
    label: "weather.severityMinor",
    Icon: InfoIcon,
    className: "border-l-2 border-sky-700 bg-sky-50 text-sky-950",
  },
};

/** The units a city's figures are in (server/weather/nws.ts unitsFor). */
export function unitLabels(units: Conditions["units"]) {
  return units === "us"
    ? { temperature: "°F", speed: "mph", pressure: "inHg", distance: "mi" }
    : { temperature: "°C", speed: "km/h", pressure: "hPa", distance: "km" };
}

/** Intl's units of each kind of figure (pressure has none: its symbol is written after it). */
const INTL_UNITS = {
  us: { temperature: "fahrenheit", speed: "mile-per-hour", distance: "mile" },
  metric: { temperature: "celsius", speed: "kilometer-per-hour", distance: "kilometer" },
} as const;

/**
 * A figure with its unit as the locale writes it ("72°F", "10 mph" in English; "72 °F",
 * "10 mi/h" in Spanish), by Intl; a locale Intl cannot use falls back to en-US.
 */
export function formatFigure(
  value: number,
  kind: "temperature" | "speed" | "distance" | "percent" | "pressure",
  units: Conditions["units"],
  locale: string,
): string {
  const options: Intl.NumberFormatOptions =
    kind === "pressure"
      ? units === "us"
        ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : { useGrouping: false }
      : {
          style: "unit",
          unit: kind === "percent" ? "percent" : INTL_UNITS[units][kind],
          maximumFractionDigits: 2,
        };
  let text: string;
  try {
    text = new Intl.NumberFormat(locale, options).format(value);
  } catch {
    text = new Intl.NumberFormat("en-US", options).format(value);
  }
  return kind === "pressure" ? `${text} ${unitLabels(units).pressure}` : text;
}

/**
 * The service's own texts (an alert's headline, description and instruction) are English: so
 * marked on a page in another language.
 */
export function serviceLang(t: T): "en" | undefined {
  return t.language === "en" ? undefined : "en";
}

/**
 * An alert's type and texts as a page shows them: in the page's language where the service
 * issued the alert in it too (its `translations`) or only in it; else its type from the phrase
 * tables (weatherWords) and its texts as given, with their language (`lang`) for the page to
 * mark them and to say first, in its own words, what to do.
 */
export function alertTextsFor(
  alert: WeatherAlert,
  t: T,
): { event: ShownText; texts: AlertTexts; lang?: string } {
  const own = alert.language ?? "en";
  const translated = alert.translations?.[t.language];
  if (translated) {
    const named = weatherWords(t.locale).event(alert.event);
    return { event: named.lang ? { text: translated.event } : named, texts: translated };
  }
  if (own === t.language) return { event: { text: alert.event }, texts: alert };
  if (own !== "en") return { event: { text: alert.event, lang: own }, texts: alert, lang: own };
  return { event: weatherWords(t.locale).event(alert.event), texts: alert, lang: "en" };
}

/**
 * A word of the service as the page shows it (common/i18n/weather-words.ts: in the page's
 * language where its tables know it, else the English marked so), isolated (`<bdi>`).
 */
export function Given({ shown }: { shown: ShownText }) {
  return <bdi lang={shown.lang}>{shown.text}</bdi>;
}

/** The service's words for the sky, with the page's icon for them. */
function Condition({
  condition,
  text,
  size = 20,
}: {
  condition: WeatherCondition;
  text: ShownText;
  size?: number;
}) {
  const Icon = CONDITION_ICONS[condition];
  return (
    <span className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" size={size} className="shrink-0" />
      <Given shown={text} />
    </span>
  );
}

/**
 * "Feels like 102 °F": the heat index or wind chill the station gives, when it differs from the
 * temperature; null otherwise.
 */
export function feelsLikeText(current: Conditions, t: T): string | null {
  const { feelsLike, temperature } = current;
  // An answer stored before the field existed has none (undefined).
  if (feelsLike == null || feelsLike === temperature) return null;
  return t("weather.feelsLike", {
    temperature: formatFigure(feelsLike, "temperature", current.units, t.locale),
  });
}

/**
 * Current conditions (docs/product.md §3: temperature, condition, humidity, wind, pressure, visibility),
 * as the nearest station last observed them, with when and where. A figure the station did not
 * give is left out, never invented (the UV index is not observed by stations: never shown).
 */
export function CurrentConditions({
  current,
  updated,
  t,
}: {
  current: Conditions;
  /** When the station observed them: "12 minutes ago", and the time in the city. */
  updated: { ago: string; at: CityDate };
  t: T;
}) {
  const feelsLike = feelsLikeText(current, t);
  return (
    <section aria-labelledby="current">
      <h2 id="current" className={WEATHER_H2}>
        {t("weather.currentConditions")}
      </h2>
      <p className="flex flex-wrap items-center gap-x-4">
        {current.temperature !== null && (
          <span className="font-serif text-6xl font-bold">
            {formatFigure(current.temperature, "temperature", current.units, t.locale)}
          </span>
        )}
        {current.description && (
          <span className="text-xl">
            <Condition
              condition={current.condition}
              text={weatherWords(t.locale).sky(current.description)}
              size={28}
            />
          </span>
        )}
      </p>
      {feelsLike && <p className="mt-1 text-lg font-semibold">{feelsLike}</p>}
      {/* Four tiles in a row only where each has room for "15 mph SSW" on one line: from md, up
          to lg, where the conditions share the page with the alerts (two by two there). */}
      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-2">
        {conditionFacts(current, t).flatMap(([label, value]) =>
          value === null
            ? []
            : [
                <div key={label} className="bg-stone-100 p-3">
                  <dt className="text-xs font-semibold tracking-wider text-muted uppercase">
                    {label}
                  </dt>
                  <dd className="text-lg font-semibold">{value}</dd>
                </div>,
              ],
        )}
      </dl>
      <p className="mt-3 text-sm text-muted">
        {withParts(t("weather.updatedAt", { ago: updated.ago }), {
          time: <time dateTime={updated.at.iso}>{updated.at.text}</time>,
          station: <bdi>{current.station}</bdi>,
        })}
      </p>
    </section>
  );
}

/**
 * The station's figures as tiles name them (humidity, wind, pressure, visibility), each with its
 * unit; null for one it did not give. Wind 0 is "Calm".
 */
function conditionFacts(current: Conditions, t: T): [label: string, value: string | null][] {
  const figure = (value: number | null, kind: Parameters<typeof formatFigure>[1]) =>
    value === null ? null : formatFigure(value, kind, current.units, t.locale);
  const wind = figure(current.windSpeed, "speed");
  return [
    [t("weather.humidity"), figure(current.humidity, "percent")],
    [
      t("weather.wind"),
      current.windSpeed === 0
        ? t("weather.calm")
        : wind && `${wind}${current.windDirection ? ` ${current.windDirection}` : ""}`,
    ],
    [t("weather.pressure"), figure(current.pressure, "pressure")],
    [t("weather.visibility"), figure(current.visibility, "distance")],
  ];
}

/** An alert as the page shows it: its times formatted in the city's zone by the loader. */
export type ShownAlert = WeatherAlert & { from: CityDate | null; until: CityDate | null };

/**
 * One alert in force: its severity and type, when it runs and where, what to do, and the
 * service's headline, description and instruction. Those texts are English: on a page in another
 * language they follow what the page can say in its own (the type, the times, the area and what
 * to do, from the alert's response), under a line saying they are the service's, marked English.
 */
function AlertItem({ alert, t }: { alert: ShownAlert; t: T }) {
  const { label, Icon, className } = SEVERITY[alert.severity];
  const { event, texts, lang } = alertTextsFor(alert, t);
  const from = alert.from && <time dateTime={alert.from.iso}>{alert.from.text}</time>;
  const until = alert.until && <time dateTime={alert.until.iso}>{alert.until.text}</time>;
  const todo = responseText(alert, t);
  const given = <ServiceTexts texts={texts} lang={lang} />;
  return (
    <li className={`p-4 ${className}`} data-severity={alert.severity}>
      <p className="flex items-center gap-2 font-bold">
        <Icon aria-hidden="true" size={20} />
        <span>{t(label)}:</span> <Given shown={event} />
      </p>
      {!lang && given}
      {(from || until || !alert.ends) && (
        <p className="mt-1 text-sm">
          {from && <>{withParts(t("weather.alertFrom"), { from })} </>}
          {until
            ? withParts(t("weather.alertUntil"), { until })
            : t("weather.alertUntilFurtherNotice")}
          {alert.areaDesc && (
            <>
              {" "}
              · <bdi>{alert.areaDesc}</bdi>
            </>
          )}
        </p>
      )}
      {/* What to do in the page's words when the service's texts are not (or say nothing). */}
      {todo && (lang || !texts.instruction) && (
        <p className="mt-2 font-semibold" data-alert-response={alert.response}>
          {todo}
        </p>
      )}
      {lang && (
        <div className="mt-3 border-t border-current/30 pt-2">
          <p className="text-sm">
            {t(lang === "en" ? "weather.serviceText" : "weather.serviceTextAsIssued")}
          </p>
          {given}
        </div>
      )}
    </li>
  );
}

/**
 * An alert's headline, description and instruction as the service gave them, in their language
 * (`lang`, when not the page's).
 */
function ServiceTexts({ texts, lang }: { texts: AlertTexts; lang: string | undefined }) {
  return (
    <>
      <p className="mt-1 font-semibold" dir="auto" lang={lang}>
        {texts.headline}
      </p>
      {texts.description && (
        <p className="mt-2 text-[0.95rem] whitespace-pre-line" dir="auto" lang={lang}>
          {texts.description}
        </p>
      )}
      {texts.instruction && (
        <p className="mt-2 text-[0.95rem] font-semibold whitespace-pre-line" dir="auto" lang={lang}>
          {texts.instruction}
        </p>
      )}
    </>
  );
}

/** What the public should do, in the page's words, from the alert's response; null for none. */
export function responseText(alert: Pick<WeatherAlert, "response">, t: T): string | null {
  return alertResponseText(alert.response, t);
}

/** " (opens in a new tab)", for screen readers, after a link's words. */
export function NewTab({ t }: { t: T }) {
  return <span className="sr-only">{` (${t("weather.newTab")})`}</span>;
}

/**
 * The alerts in force in the city's zones (docs/product.md §3: type, description, severity), each with
 * its headline, when it runs and what to do, most severe first; or that there are none. The
 * service's texts are isolated (`<bdi>`, `dir="auto"`): none turns the page's words around it.
 * `more` counts the alerts in force not listed, with where to read them all.
 */
export function WeatherAlerts({
  alerts,
  city,
  more = null,
  t,
  children,
}: {
  alerts: ShownAlert[];
  city: string;
  more?: { count: number; href: string } | null;
  t: T;
  /** What follows the alerts in their section (/weather: the warnings by push). */
  children?: ReactNode;
}) {
  return (
    <AlertsSection t={t}>
      {alerts.length === 0 ? (
        <p>{t("weather.noAlerts", { city })}</p>
      ) : (
        <ul className="space-y-3">
          {alerts.map((alert, i) => (
            <AlertItem key={`${i}:${alert.id}`} alert={alert} t={t} />
          ))}
        </ul>
      )}
      {more && (
        <p className="mt-3 font-semibold" data-alerts-more={more.count}>
          {withParts(t("weather.moreAlerts", { count: more.count }), {
            link: (
              <a href={more.href} className="link" target="_blank" rel="noopener noreferrer">
                {t("weather.nwsPageFor", { city })}
                <NewTab t={t} />
              </a>
            ),
          })}
        </p>
      )}
      {children}
    </AlertsSection>
  );
}

/** The alerts' section of /weather and its heading, whatever the alerts' state. */
export function AlertsSection({ t, children }: { t: T; children: ReactNode }) {
  return (
    <section aria-labelledby="alerts">
      <h2 id="alerts" className={WEATHER_H2}>
        {t("weather.alertsHeading")}
      </h2>
      {children}
    </section>
  );
}

/** The 7-day forecast (docs/product.md §9): each day's sky, high and low. */
export function Forecast({
  days,
  units,
  t,
}: {
  days: ForecastDay[];
  units: Conditions["units"];
  t: T;
}) {
  const degrees = (value: number) => `${formatNumber(value, t.locale)}°`;
  const words = weatherWords(t.locale);
  return (
    <section aria-labelledby="forecast" className="mt-10">
      <h2 id="forecast" className={WEATHER_H2}>
        {t("weather.forecastHeading")}
      </h2>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {days.map((day) => (
          <li key={day.day} className="border border-rule bg-white p-3 text-center">
            <p className="font-semibold" dir="auto">
              <Given shown={words.period(day.day)} />
            </p>
            <p className="my-2 text-sm">
              <Condition condition={day.condition} text={words.sky(day.summary)} />
            </p>
            <p>
              {day.high !== null && (
                <>
                  <span className="font-bold">{degrees(day.high)}</span>
                  <span className="sr-only"> {t("weather.high")}</span>{" "}
                </>
              )}
              {day.low !== null && (
                <>
                  <span className="text-muted">{degrees(day.low)}</span>
                  <span className="sr-only"> {t("weather.low")}</span>
                </>
              )}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-muted">
        {t("weather.temperaturesIn", { unit: unitLabels(units).temperature })}
      </p>
    </section>
  );
}

/** What the page says when live weather cannot be had: plainly, with where to look instead. */
export function WeatherUnavailable({
  city,
  forecastPage,
  t,
}: {
  city: string;
  forecastPage: string;
  t: T;
}) {
  return (
    <section
      aria-labelledby="unavailable"
      className="border-l-4 border-muted bg-stone-100 p-4"
      data-weather="unavailable"
    >
      <h2 id="unavailable" className="font-serif text-xl font-bold">
        {t("weather.unavailableHeading")}
      </h2>
      <p className="mt-1">
        {withParts(t("weather.unreachable"), {
          link: (
            <a href={forecastPage} className="link" target="_blank" rel="noopener noreferrer">
              {t("weather.forecastFor", { city })}
              <NewTab t={t} />
            </a>
          ),
        })}
      </p>
    </section>
  );
}

/** The monthly climate normals, with their source and period (scrollable on narrow screens). */
export function ClimateHistory({
  city,
  history,
  normals,
  t,
}: {
  city: string;
  history: NonNullable<WeatherContent["history"]>;
  normals?: WeatherContent["normals"];
  t: T;
}) {
  const rain = new Intl.NumberFormat(t.locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (
    <section aria-labelledby="history" className="mt-10">
      <h2 id="history" className={WEATHER_H2}>
        {t("weather.normalsHeading")}
      </h2>
      <div className="overflow-x-auto" role="region" aria-labelledby="history" tabIndex={0}>
        <table className="w-full border-collapse text-left">
          <caption className="mb-2 text-left text-sm text-muted">
            {normals
              ? t("weather.normalsCaptionSource", {
                  city,
                  period: normals.period,
                  source: normals.source,
                })
              : t("weather.normalsCaption", { city })}
          </caption>
          <NormalsHeader t={t} />
          <tbody>
            {history.map((row) => (
              <tr key={row.month} className="border-b border-rule">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {row.month}
                </th>
                <td className="py-2 pr-4">{formatNumber(row.high, t.locale)}</td>
                <td className="py-2 pr-4">{formatNumber(row.low, t.locale)}</td>
                <td className="py-2">{rain.format(row.rainfall)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The normals' column headings: month, high, low, rain. */
function NormalsHeader({ t }: { t: T }) {
  return (
    <thead>
      <tr className="border-b-2 border-ink">
        <th scope="col" className="py-2 pr-4">
          {t("weather.month")}
        </th>
        <th scope="col" className="py-2 pr-4">
          {t("weather.highF")}
        </th>
        <th scope="col" className="py-2 pr-4">
          {t("weather.lowF")}
        </th>
        <th scope="col" className="py-2">
          {t("weather.rainIn")}
        </th>
      </tr>
    </thead>
  );
}
