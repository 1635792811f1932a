import type { WeatherCondition, WeatherContent } from "../../sites/content";
import type {
  CurrentConditions as Conditions,
  ForecastDay,
  Severity,
  WeatherAlert,
} from "../../server/weather/nws";
import type { CityDate } from "~/lib/city-date";
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

/** Severity shows as an icon and a word as well as a colour (DESIGN.md). */
const SEVERITY: Record<Severity, { label: string; Icon: typeof SunIcon; className: string }> = {
  severe: {
    label: "Severe",
    Icon: SevereIcon,
    className: "border-l-8 border-red-700 bg-red-50 text-red-900",
  },
  moderate: {
    label: "Moderate",
    Icon: ModerateIcon,
    className: "border-l-4 border-amber-600 bg-amber-50 text-amber-950",
  },
  minor: {
    label: "Minor",
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

/** The service's words for the sky, with the page's icon for them (isolated: `<bdi>`). */
function Condition({
  condition,
  text,
  size = 20,
}: {
  condition: WeatherCondition;
  text: string;
  size?: number;
}) {
  const Icon = CONDITION_ICONS[condition];
  return (
    <span className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" size={size} />
      <bdi>{text}</bdi>
    </span>
  );
}

/**
 * Current conditions (SPEC.md §3: temperature, condition, humidity, wind, pressure, visibility),
 * as the nearest station last observed them, with when and where. A figure the station did not
 * give is left out, never invented (the UV index is not observed by stations: never shown).
 */
export function CurrentConditions({
  current,
  updated,
}: {
  current: Conditions;
  /** When the station observed them: "12 minutes ago", and the time in the city. */
  updated: { ago: string; at: CityDate };
}) {
  const u = unitLabels(current.units);
  const facts: [string, string | null][] = [
    ["Humidity", current.humidity === null ? null : `${current.humidity}%`],
    [
      "Wind",
      current.windSpeed === null
        ? null
        : current.windSpeed === 0
          ? "Calm"
          : `${current.windSpeed} ${u.speed}${current.windDirection ? ` ${current.windDirection}` : ""}`,
    ],
    [
      "Pressure",
      current.pressure === null
        ? null
        : `${current.units === "us" ? current.pressure.toFixed(2) : current.pressure} ${u.pressure}`,
    ],
    ["Visibility", current.visibility === null ? null : `${current.visibility} ${u.distance}`],
  ];
  return (
    <section aria-labelledby="current">
      <h2 id="current" className={WEATHER_H2}>
        Current Conditions
      </h2>
      <p className="flex flex-wrap items-center gap-x-4">
        {current.temperature !== null && (
          <span className="font-serif text-6xl font-bold">
            {current.temperature}
            {u.temperature}
          </span>
        )}
        {current.description && (
          <span className="text-xl">
            <Condition condition={current.condition} text={current.description} size={28} />
          </span>
        )}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.flatMap(([label, value]) =>
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
        Updated {updated.ago} (<time dateTime={updated.at.iso}>{updated.at.text}</time>) at{" "}
        <bdi>{current.station}</bdi>
      </p>
    </section>
  );
}

/** An alert as the page shows it: its times formatted in the city's zone by the loader. */
export type ShownAlert = WeatherAlert & { from: CityDate | null; until: CityDate | null };

/**
 * The alerts in force in the city's zones (SPEC.md §3: type, description, severity), each with
 * its headline, when it runs and what to do, most severe first; or that there are none. The
 * service's texts are isolated (`<bdi>`, `dir="auto"`): none turns the page's words around it.
 * `more` counts the alerts in force not listed, with where to read them all.
 */
export function WeatherAlerts({
  alerts,
  city,
  more = null,
}: {
  alerts: ShownAlert[];
  city: string;
  more?: { count: number; text: string; href: string } | null;
}) {
  return (
    <section aria-labelledby="alerts">
      <h2 id="alerts" className={WEATHER_H2}>
        Weather Alerts
      </h2>
      {alerts.length === 0 ? (
        <p>No watches, warnings or advisories are in force for {city}.</p>
      ) : (
        <ul className="space-y-3">
          {alerts.map((alert, i) => {
            const { label, Icon, className } = SEVERITY[alert.severity];
            return (
              <li
                key={`${i}:${alert.id}`}
                className={`p-4 ${className}`}
                data-severity={alert.severity}
              >
                <p className="flex items-center gap-2 font-bold">
                  <Icon aria-hidden="true" size={20} />
                  <span>{label}:</span> <bdi>{alert.event}</bdi>
                </p>
                <p className="mt-1 font-semibold" dir="auto">
                  {alert.headline}
                </p>
                {(alert.from || alert.until) && (
                  <p className="mt-1 text-sm">
                    {alert.from && (
                      <>
                        From <time dateTime={alert.from.iso}>{alert.from.text}</time>{" "}
                      </>
                    )}
                    {alert.until && (
                      <>
                        until <time dateTime={alert.until.iso}>{alert.until.text}</time>
                      </>
                    )}
                    {alert.areaDesc && (
                      <>
                        {" "}
                        · <bdi>{alert.areaDesc}</bdi>
                      </>
                    )}
                  </p>
                )}
                {alert.description && (
                  <p className="mt-2 text-[0.95rem] whitespace-pre-line" dir="auto">
                    {alert.description}
                  </p>
                )}
                {alert.instruction && (
                  <p className="mt-2 text-[0.95rem] font-semibold whitespace-pre-line" dir="auto">
                    {alert.instruction}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {more && (
        <p className="mt-3 font-semibold" data-alerts-more={more.count}>
          …and {more.text} more {more.count === 1 ? "alert" : "alerts"} in force: see them all on{" "}
          <a href={more.href} className="link" target="_blank" rel="noopener noreferrer">
            the National Weather Service&rsquo;s page for {city}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      )}
    </section>
  );
}

/** The 7-day forecast (SPEC.md §9): each day's sky, high and low. */
export function Forecast({ days, units }: { days: ForecastDay[]; units: Conditions["units"] }) {
  const degree = "°";
  return (
    <section aria-labelledby="forecast" className="mt-10">
      <h2 id="forecast" className={WEATHER_H2}>
        7-Day Forecast
      </h2>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {days.map((day) => (
          <li key={day.day} className="border border-rule bg-white p-3 text-center">
            <p className="font-semibold" dir="auto">
              {day.day}
            </p>
            <p className="my-2 text-sm">
              <Condition condition={day.condition} text={day.summary} />
            </p>
            <p>
              {day.high !== null && (
                <>
                  <span className="font-bold">
                    {day.high}
                    {degree}
                  </span>
                  <span className="sr-only"> high</span>{" "}
                </>
              )}
              {day.low !== null && (
                <>
                  <span className="text-muted">
                    {day.low}
                    {degree}
                  </span>
                  <span className="sr-only"> low</span>
                </>
              )}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-muted">
        Temperatures in {unitLabels(units).temperature}, from the National Weather Service.
      </p>
    </section>
  );
}

/** What the page says when live weather cannot be had: plainly, with where to look instead. */
export function WeatherUnavailable({ city, forecastPage }: { city: string; forecastPage: string }) {
  return (
    <section
      aria-labelledby="unavailable"
      className="border-l-4 border-muted bg-stone-100 p-4"
      data-weather="unavailable"
    >
      <h2 id="unavailable" className="font-serif text-xl font-bold">
        Live weather is unavailable right now
      </h2>
      <p className="mt-1">
        The National Weather Service could not be reached. See{" "}
        <a href={forecastPage} className="link" target="_blank" rel="noopener noreferrer">
          its forecast for {city}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        meanwhile.
      </p>
    </section>
  );
}

/** The monthly climate normals, with their source and period (scrollable on narrow screens). */
export function ClimateHistory({
  city,
  history,
  normals,
}: {
  city: string;
  history: NonNullable<WeatherContent["history"]>;
  normals?: WeatherContent["normals"];
}) {
  return (
    <section aria-labelledby="history" className="mt-10">
      <h2 id="history" className={WEATHER_H2}>
        Monthly Climate Normals
      </h2>
      <div className="overflow-x-auto" role="region" aria-labelledby="history" tabIndex={0}>
        <table className="w-full border-collapse text-left">
          <caption className="mb-2 text-left text-sm text-muted">
            Average high and low temperatures and rainfall in {city}
            {normals ? `, ${normals.period} (${normals.source})` : ""}
          </caption>
          <thead>
            <tr className="border-b-2 border-ink">
              <th scope="col" className="py-2 pr-4">
                Month
              </th>
              <th scope="col" className="py-2 pr-4">
                High (°F)
              </th>
              <th scope="col" className="py-2 pr-4">
                Low (°F)
              </th>
              <th scope="col" className="py-2">
                Rain (in)
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((row) => (
              <tr key={row.month} className="border-b border-rule">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {row.month}
                </th>
                <td className="py-2 pr-4">{row.high}</td>
                <td className="py-2 pr-4">{row.low}</td>
                <td className="py-2">{row.rainfall.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
