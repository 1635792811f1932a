import { data, useLoaderData } from "react-router";
import { IslandScript } from "~/components/island";
import { ClimateHistory, NewTab, WEATHER_H2 } from "~/components/weather";
import { PageHeading } from "~/components/page-heading";
import { PushWarnings } from "~/components/push-warnings";
import { BriefingSignup } from "~/components/briefing-signup";
import { WeatherLive } from "~/components/weather-live";
import { CACHE_CONTROL } from "../../common/cache-control";
import { pageMeta } from "~/lib/page-meta.server";
import { useT } from "~/lib/i18n";
import { withParts } from "~/lib/message-parts";
import { pagesFor } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/weather";
import { cityContext } from "~/lib/city-context";
import type { WeatherContent } from "../../sites/content";
import type { CityWeather } from "../../server/weather/city-weather";
import { hazardsNow, monthIn } from "../../common/weather-hazards";

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const weather = await context.weather.get();
  return data(
    {
      heading: PAGES.weather.heading,
      loading: weather.state === "loading",
      weather,
      now: context.now,
      content: context.content.pages.weather,
      // Live figures: no publication date of their own.
      meta: pageMeta(context, PAGES.weather),
    },
    {
      // Conditions and alerts change: kept by a browser or a CDN a minute at most.
      headers: {
        "Cache-Control": weather.state === "loading" ? CACHE_CONTROL.none : CACHE_CONTROL.news,
      },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

/**
 * docs/product.md §2 Weather, live: the National Weather Service's latest observation, 7-day forecast
 * and alerts for the city (server/weather/; WeatherLive: the page holds no control), the radar
 * picture, and the preparedness tips and climate normals as content. When the
 * service cannot be reached, the last good figures show with their age while recent, then
 * plainly that live weather is unavailable.
 */
export default function Weather() {
  const { heading, loading, weather, now, content } = useLoaderData<typeof loader>();
  const { forecastPage, radar } = weather;
  const { site } = useSite();
  const t = useT();
  return (
    <>
      <PageHeading standfirst={t("weather.standfirst", { city: site.city })}>{heading}</PageHeading>
      {/* The city's first ask starts its weather: the page asks for itself again until the
          service has answered (the until-ready island, as news pages do while loading). */}
      {loading && (
        <>
          <p className="mb-8" data-news-state="loading">
            {t("weather.loading")}
          </p>
          <IslandScript name="until-ready" />
        </>
      )}
      <WeatherLive
        weather={weather}
        place={site}
        now={now}
        // Warnings by push for the city's zones, under the alerts.
        afterAlerts={<PushWarnings zones={content.alertZones} className="mt-6" />}
      />
      <div className={`mt-10 grid gap-10 ${radar ? "lg:grid-cols-2" : ""}`}>
        <Preparedness content={content} events={weather.alerts.map((a) => a.event)} now={now} />
        {radar && <Radar radar={radar} city={site.city} />}
      </div>
      {content.history && content.history.length > 0 && (
        <ClimateHistory
          city={site.city}
          history={content.history}
          normals={content.normals}
          t={t}
        />
      )}
      <BriefingSignup className="mt-10 max-w-2xl" />
      <p className="mt-10 text-sm text-muted">
        {withParts(t("weather.sources"), {
          link: (
            <a href={forecastPage} className="link" target="_blank" rel="noopener noreferrer">
              {t("weather.nws")}
              <NewTab t={t} />
            </a>
          ),
        })}
      </p>
    </>
  );
}

/** The latest radar picture of the city's area, with a link to the service's full radar. */
function Radar({ radar, city }: { radar: NonNullable<CityWeather["radar"]>; city: string }) {
  const t = useT();
  return (
    <section aria-labelledby="radar">
      <h2 id="radar" className={WEATHER_H2}>
        {t("weather.radar")}
      </h2>
      <img
        src={radar.image}
        alt={t("weather.radarAlt", { city })}
        width={600}
        height={550}
        loading="lazy"
        className="h-auto w-full border border-rule bg-stone-100"
      />
      <p className="mt-2 text-sm">
        <a href={radar.page} className="link" target="_blank" rel="noopener noreferrer">
          {t("weather.fullRadar")}
          <NewTab t={t} />
        </a>
      </p>
    </section>
  );
}

/**
 * The preparedness tips that fit the day: a hazard's first while an alert of its kind is in force
 * (so marked), then those in season in the city, then the tips for any time of year; the
 * hurricane season's note with the hurricanes' tips, or after the rest out of season.
 */
function Preparedness({
  content,
  events,
  now,
}: {
  content: WeatherContent;
  /** The types of the alerts in force, most severe first. */
  events: string[];
  now: number;
}) {
  const t = useT();
  const { site } = useSite();
  const hazards = hazardsNow(content.hazards ?? [], events, monthIn(now, site.timeZone));
  const season = <p className="mb-3 font-semibold">{content.hurricaneSeason}</p>;
  const hurricanes = hazards.some((h) => h.hazard === "hurricane");
  return (
    <section aria-labelledby="preparedness">
      <h2 id="preparedness" className={WEATHER_H2}>
        {t("weather.preparedness")}
      </h2>
      {hazards.map((h) => (
        <div key={h.hazard} className="mb-6" data-hazard={h.hazard}>
          <h3 className="mb-2 font-serif text-xl font-bold">{h.heading}</h3>
          {h.inForce && (
            <p className="mb-2 text-sm font-semibold text-red-800">{t("weather.hazardInForce")}</p>
          )}
          {h.hazard === "hurricane" && season}
          <ul className="list-disc space-y-2 pl-5">
            {h.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      ))}
      {hazards.length > 0 && content.tips.length > 0 && (
        <h3 className="mb-2 font-serif text-xl font-bold">{t("weather.tipsAnyTime")}</h3>
      )}
      {!hurricanes && hazards.length === 0 && season}
      <ul className="list-disc space-y-2 pl-5">
        {content.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      {!hurricanes && hazards.length > 0 && <p className="mt-4">{content.hurricaneSeason}</p>}
    </section>
  );
}
