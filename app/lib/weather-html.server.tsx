import { renderToStaticMarkup } from "react-dom/server";
import type { CityWeather } from "../../server/weather/service";
import { cityDate } from "./city-date";
import {
  CONDITION_ICONS,
  CurrentConditions,
  Forecast,
  WeatherAlerts,
  WEATHER_H2,
  WeatherUnavailable,
  unitLabels,
} from "~/components/weather";
import { relativeDate } from "./relative-date";
import { SevereIcon } from "~/components/weather-icons";

/**
 * The weather blocks every page or home shows (the alert banner, home's weather summary) as HTML
 * made on the server: they hold no control, so the browser's first load carries none of their
 * code (decision 005's budget); the page shows them as its loader gives them (dangerouslySetInnerHTML), and
 * they change with the page (the page cache's "weather" dependency).
 */

interface Place {
  city: string;
  locale: string;
  timeZone: string;
}

/**
 * The banner of the city's Extreme and Severe alerts (hurricane, tornado, flash flood
 * warnings…) at the top of every page, linking to /weather; null when none is in force.
 */
export function alertBannerHtml(weather: CityWeather, place: Place): string | null {
  const urgent = weather.alerts.filter((a) => a.urgent);
  if (urgent.length === 0) return null;
  // One link, the whole bar (a touch target of 44 px at least), compact on a phone: the event
  // names there, and where and until when from 640 px.
  return renderToStaticMarkup(
    <section
      aria-label="Weather alert"
      className="bg-red-800 text-white"
      data-weather-alert={urgent.map((a) => a.id).join(" ")}
    >
      <a
        href="/weather#alerts"
        className="mx-auto flex min-h-11 max-w-7xl items-center gap-2 px-4 py-1.5 text-sm hover:underline"
      >
        <SevereIcon aria-hidden="true" size={20} className="shrink-0" />
        <span className="min-w-0 flex-1">
          {urgent.map((alert) => {
            const until = alert.expires ? cityDate(alert.expires, place, true) : null;
            return (
              <span key={alert.id} className="block font-semibold">
                {alert.event}
                <span className="font-normal max-sm:hidden">
                  {" "}
                  for {place.city}
                  {until && (
                    <>
                      {" "}
                      until <time dateTime={until.iso}>{until.text}</time>
                    </>
                  )}
                </span>
              </span>
            );
          })}
        </span>
        <span className="shrink-0 font-semibold underline">Weather alerts</span>
      </a>
    </section>,
  );
}

/**
 * Home's weather block: the temperature now, the sky, today's high and low, when and where
 * observed, linking to /weather; or, without live figures, that they are unavailable.
 */
export function weatherSummaryHtml(weather: CityWeather, place: Place): string {
  const { current } = weather;
  const today = weather.forecast?.days[0];
  const u = unitLabels(current?.units ?? "us");
  const Icon = current
    ? CONDITION_ICONS[current.condition]
    : today
      ? CONDITION_ICONS[today.condition]
      : null;
  const observed = current ? cityDate(current.observedAt, place, true) : null;
  return renderToStaticMarkup(
    <section aria-labelledby="home-weather" className="border-t-4 border-ink pt-3">
      <h2 id="home-weather" className="font-serif text-xl font-bold">
        {place.city} Weather
      </h2>
      {current || today ? (
        <>
          <p className="mt-2 flex items-center gap-3">
            {Icon && <Icon aria-hidden="true" size={32} />}
            {current?.temperature != null && (
              <span className="font-serif text-4xl font-bold">
                {current.temperature}
                {u.temperature}
              </span>
            )}
            <span>{current?.description || today?.summary}</span>
          </p>
          {today && (today.high !== null || today.low !== null) && (
            <p className="mt-1 text-sm">
              {today.day}:{today.high !== null && ` high ${today.high}°`}
              {today.high !== null && today.low !== null && ","}
              {today.low !== null && ` low ${today.low}°`}
            </p>
          )}
          {observed && current && (
            <p className="mt-1 text-xs text-muted">
              Observed <time dateTime={observed.iso}>{observed.text}</time> at {current.station}
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm">Live weather is unavailable right now.</p>
      )}
      {weather.alerts.length > 0 && (
        <p className="mt-2 text-sm font-semibold text-red-800">
          {weather.alerts.length === 1
            ? "1 weather alert"
            : `${weather.alerts.length} weather alerts`}{" "}
          in force
        </p>
      )}
      <a href="/weather" className="link mt-2 inline-block text-sm font-semibold">
        Forecast, alerts and radar
      </a>
    </section>,
  );
}

/**
 * The weather page's live sections (conditions, alerts, forecast; or that live weather is
 * unavailable), as HTML: the page holds no control, so its browser code stays small.
 */
export function weatherPageHtml(weather: CityWeather, place: Place, now: number): string {
  const { current, forecast } = weather;
  const alerts = weather.alerts.map((alert) => ({
    ...alert,
    from: alert.effective ? cityDate(alert.effective, place, true) : null,
    until: alert.expires ? cityDate(alert.expires, place, true) : null,
  }));
  return renderToStaticMarkup(
    <>
      {weather.state === "ready" && !current && !forecast && (
        <WeatherUnavailable city={place.city} forecastPage={weather.forecastPage} />
      )}
      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        {current && (
          <CurrentConditions
            current={current}
            updated={{
              ago: relativeDate(current.observedAt, now, place, { minutes: true }),
              at: cityDate(current.observedAt, place, true),
            }}
          />
        )}
        {/* Alerts never checked (loading, or the service down since the start) are not "none". */}
        {weather.alertsFetchedAt ? (
          <WeatherAlerts alerts={alerts} city={place.city} />
        ) : (
          weather.state === "ready" && (
            <section aria-labelledby="alerts">
              <h2 id="alerts" className={WEATHER_H2}>
                Weather Alerts
              </h2>
              <p>
                Alerts could not be checked just now: see the{" "}
                <a href={weather.forecastPage} className="link">
                  National Weather Service
                </a>
                .
              </p>
            </section>
          )
        )}
      </div>
      {forecast && forecast.days.length > 0 && (
        <Forecast days={forecast.days} units={current?.units ?? "us"} />
      )}
    </>,
  );
}
