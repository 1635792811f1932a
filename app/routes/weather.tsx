import { useLoaderData } from "react-router";
import {
  ClimateHistory,
  CurrentConditions,
  Forecast,
  WEATHER_H2,
  WeatherAlerts,
} from "~/components/weather";
import { PageHeading } from "~/components/page-heading";
import { contentDates } from "~/lib/content-dates.server";
import { pageMeta } from "~/lib/page-meta.server";
import { PAGES } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/weather";

export function loader({ context }: Route.LoaderArgs) {
  const { weather } = context.content.pages;
  return {
    heading: PAGES.weather.heading,
    weather,
    meta: pageMeta(context, PAGES.weather, {
      dates: contentDates(weather.updated ? [weather.updated] : [], context.site.timeZone),
    }),
  };
}

export const meta = loaderMeta;

/** SPEC.md §2 Weather: all static, from the site's content. */
export default function Weather() {
  const { heading, weather } = useLoaderData<typeof loader>();
  const { site, embedPlaceholders } = useSite();
  return (
    <>
      <PageHeading standfirst={`Conditions, alerts and the week ahead for ${site.city}.`}>
        {heading}
      </PageHeading>
      <div className="grid gap-10 lg:grid-cols-2">
        {/* A city without figures of its own shows none, never invented ones. */}
        {weather.current && <CurrentConditions current={weather.current} />}
        <WeatherAlerts alerts={weather.alerts} />
      </div>
      {weather.forecast && weather.forecast.length > 0 && <Forecast days={weather.forecast} />}
      {/* No radar map is configured for any city yet: its box is only for designing pages. */}
      <div className={`mt-10 grid gap-10 ${embedPlaceholders ? "lg:grid-cols-2" : ""}`}>
        <section aria-labelledby="preparedness">
          <h2 id="preparedness" className={WEATHER_H2}>
            Preparedness Tips
          </h2>
          <p className="mb-3 font-semibold">{weather.hurricaneSeason}</p>
          <ul className="list-disc space-y-2 pl-5">
            {weather.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
        {embedPlaceholders && (
          <section aria-labelledby="radar">
            <h2 id="radar" className={WEATHER_H2}>
              Radar
            </h2>
            <div
              role="img"
              aria-label={`Radar map of the ${site.city} area (coming soon)`}
              className="flex aspect-video items-center justify-center border border-dashed border-stone-400 bg-stone-100 text-muted"
            >
              Radar map coming soon
            </div>
          </section>
        )}
      </div>
      {weather.history && weather.history.length > 0 && (
        <ClimateHistory city={site.city} history={weather.history} />
      )}
    </>
  );
}
