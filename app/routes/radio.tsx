import { useLoaderData } from "react-router";
import { BrandBar } from "~/components/brand-bar";
import { IslandProps, IslandScript } from "~/components/island";
import { LiveUpdates } from "~/components/live-updates";
import { ScheduleTable } from "~/components/radio-extras";
import { RadioPlayer, type RadioPlayerProps } from "~/components/radio-player";
import { useT } from "~/lib/i18n";
import { radioWords } from "~/lib/radio-words";
import { pageMeta } from "~/lib/page-meta.server";
import { pagesFor } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/radio";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  // docs/product.md §7: the stream is /api/stream with the station's port (the first allowed one).
  const [port] = context.site.radio.ports;
  return {
    streamUrl: `/api/stream?port=${port}`,
    schedule: context.site.radio.schedule,
    // Outside the shared layout, this page gets its heading with its data, not the page table.
    heading: PAGES.radio.heading,
    meta: pageMeta(context, PAGES.radio),
  };
}

export const meta = loaderMeta;

/** docs/product.md §2 Radio, outside the shared layout (under a slim brand bar). */
export default function Radio() {
  const { streamUrl, schedule, heading } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  const player: RadioPlayerProps = {
    heading,
    streamUrl,
    stationName: site.name,
    locale: site.locale,
    timeZone: site.timeZone,
    words: radioWords(t),
  };
  return (
    <>
      <BrandBar name={site.name} />
      <main
        id="main-content"
        className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 py-8 md:grid-cols-2"
      >
        <div>
          {/* The radio island hydrates this element alone, with the same props. */}
          <div data-radio-player>
            <RadioPlayer {...player} />
          </div>
          <IslandProps value={player} />
          <IslandScript name="radio" />
          <LiveUpdates />
          <p className="mt-6 text-sm text-muted">{t("radio.autoplayHint")}</p>
        </div>
        <ScheduleTable schedule={schedule} locale={site.locale} city={site.city} t={t} />
      </main>
    </>
  );
}
