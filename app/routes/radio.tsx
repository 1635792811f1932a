import { Link, useLoaderData } from "react-router";
import { RadioPlayer } from "~/components/radio-player";
import { PAGES } from "~/lib/pages";
import { metaForPage, useSite } from "~/lib/root-data";
import type { Route } from "./+types/radio";

export function loader({ context }: Route.LoaderArgs) {
  // SPEC.md §7: the stream is /api/stream with the station's port (the first allowed one).
  const [port] = context.site.radio.ports;
  return { streamUrl: `/api/stream?port=${port}` };
}

export function meta({ matches }: Route.MetaArgs) {
  return metaForPage(PAGES.radio, matches);
}

/** SPEC.md §2 Radio, outside the shared layout. */
export default function Radio() {
  const { streamUrl } = useLoaderData<typeof loader>();
  const { site } = useSite();
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-xl flex-col px-4 py-6">
      <p>
        <Link to="/" className="link inline-flex min-h-11 items-center">
          Back to Home
        </Link>
      </p>
      <RadioPlayer heading={PAGES.radio.heading} streamUrl={streamUrl} stationName={site.name} />
      <p className="mt-6 text-sm text-muted">
        If audio doesn't start, click play. Some browsers block autoplay with sound until you
        interact.
      </p>
    </main>
  );
}
