// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WeatherAlert } from "../../server/weather/nws-alerts";
import { translatorFor } from "../../common/i18n";
import { expectNoEnglishOf } from "../../tests/support/no-english";
import { tornadoWarning } from "../../tests/support/weather-alerts";

// The chrome's parts (issue 38) in the edition's language: each takes its words from the
// catalogue of the page's locale (the root's data), or, in the browser, from what the server
// gave it; none keeps an English word on a Spanish page.

const root = {
  site: {
    locale: "es-US",
    partners: [
      { label: "First Partner", url: "https://partner-one.test" },
      { label: "Second Partner", url: "https://partner-two.test" },
    ],
  },
  embedPlaceholders: true,
  adClient: null,
  storm: false,
  stormAds: false,
  islands: { video: "/assets/island-video.js", embeds: "/assets/island-embeds.js" },
};
vi.mock("~/lib/root-data", () => ({ useRootData: () => root, useSite: () => root }));
const { AdBox } = await import("./ad-box");
const { AdPlaceholder } = await import("./ad-placeholder");
const { VideoEmbed } = await import("./video-embed");
const { EmergencyBlock } = await import("./storm-mode");
const { NewStoriesOffer } = await import("./live-updates");
const { BrandBar } = await import("./brand-bar");
const { ExternalLink, LinkWordsContext, StoryLink, linkWordsOf } = await import("./external-link");
const { donationWords } = await import("./donation-popup");
const { default: DonationDialog } = await import("./donation-dialog");

afterEach(() => {
  cleanup();
  root.site.locale = "es-US";
});

/** An element with the links' words the layouts give on a Spanish page (root.tsx, SiteLayout). */
function inSpanish(element: React.ReactElement): React.ReactElement {
  return <LinkWordsContext value={linkWordsOf("es-US")}>{element}</LinkWordsContext>;
}

/** Markup in a router (the parts with links). */
function routed(element: React.ReactElement): string {
  const Page = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Page initialEntries={["/"]} />);
}

/** The fixture's Tornado Warning, whose response is to shelter. */
const alert = (changes: Partial<WeatherAlert> = {}): WeatherAlert =>
  tornadoWarning({ response: "Shelter", ...changes });

const PLACE = { city: "Houston", locale: "es-US", timeZone: "America/Chicago" };

/** Words of the English chrome, each of which must be absent from the Spanish parts. */
const ENGLISH = [
  "Advertisement",
  "Your ad could be here",
  "Sponsored",
  "Featured Video",
  "Play video",
  "Video coming soon",
  "Weather emergency",
  "Area:",
  "Until:",
  "What to do:",
  "more urgent alert",
  "All weather alerts",
  "Listen to live radio",
  "Emergency links",
  "New stories",
  "Back to Home",
  "opens in a new tab",
];

const expectNoEnglish = expectNoEnglishOf(ENGLISH);

describe("the chrome's parts on a Spanish page", () => {
  it("labels ad slots and sponsor links in Spanish", () => {
    const html = renderToStaticMarkup(
      inSpanish(
        <>
          <AdBox client={null} variant="square" className="" />
          <AdBox client="ca-pub-1" variant="square" className="" />
          <AdPlaceholder type="buddhatv" variant="square" />
        </>,
      ),
    );
    expect(html).toContain('aria-label="Publicidad"');
    expect(html).toContain("Su anuncio podría estar aquí");
    expect(html).toContain('aria-label="Patrocinado por First Partner"');
    expect(html).toContain(">Patrocinado por<");
    expectNoEnglish(html.replace(/First Partner|Second Partner/g, ""));
  });

  it("names the video and its play button in Spanish, and says a video is to come", () => {
    const html = renderToStaticMarkup(
      <>
        <VideoEmbed videoId="abc123" />
        <VideoEmbed videoId="" />
      </>,
    );
    expect(html).toContain("Reproducir video: Video destacado");
    expect(html).toContain("Video próximamente");
    expectNoEnglish(html);
  });

  it("writes the storm block in Spanish: the alert's type, what to do, the service's text marked English", () => {
    const alerts = [1, 2, 3, 4, 5].map((n) => alert({ id: `a${n}` }));
    const html = renderToStaticMarkup(
      inSpanish(
        <EmergencyBlock
          weather={{ alerts }}
          place={PLACE}
          links={[{ label: "Ready Houston", url: "https://ready.test" }]}
        />,
      ),
    );
    for (const text of [
      "Emergencia meteorológica en Houston",
      "Zona:",
      "Hasta:",
      "Qué hacer:",
      "y 2 alertas urgentes más",
      "Todas las alertas meteorológicas",
      "Escuchar la radio en vivo",
      "Enlaces de emergencia",
      "<bdi>Aviso de tornado</bdi>",
      "Refúgiese ahora en un lugar seguro.",
      "Texto del Servicio Nacional de Meteorología (en inglés):",
      'lang="en">Go to a basement now.</p>',
    ])
      expect(html).toContain(text);
    expect(html).not.toContain("Tornado Warning");
    const labels = html.replace(/Go to a basement now\.|Fixture County, TX/g, "");
    expectNoEnglish(labels);
    // Without a response from the service: the instruction alone, marked English, no empty label.
    const bare = renderToStaticMarkup(
      inSpanish(
        <EmergencyBlock
          weather={{ alerts: [alert({ response: null })] }}
          place={PLACE}
          links={[]}
        />,
      ),
    );
    expect(bare).not.toContain("Qué hacer:");
    expect(bare).toContain('lang="en">Go to a basement now.</p>');
    const one = renderToStaticMarkup(
      <EmergencyBlock
        weather={{ alerts: [alert(), alert({ id: "b" })], alertsInForce: { total: 4, urgent: 4 } }}
        place={PLACE}
        links={[]}
      />,
    );
    expect(one).toContain("y 2 alertas urgentes más");
  });

  it("keeps the storm block English, unmarked, on an English page", () => {
    root.site.locale = "en-US";
    const html = renderToStaticMarkup(
      <EmergencyBlock
        weather={{ alerts: [alert(), alert({ id: "b" }), alert({ id: "c" }), alert({ id: "d" })] }}
        place={{ ...PLACE, locale: "en-US" }}
        links={[]}
      />,
    );
    expect(html).toContain("Weather emergency in Houston");
    expect(html).toContain("and 1 more urgent alert<");
    expect(html).toContain("<bdi>Tornado Warning</bdi>");
    // The service's instruction is what to do; without one, its response in words.
    expect(html).toMatch(/What to do:<\/span> <span dir="auto">Go to a basement now\.</);
    expect(html).not.toContain("Take shelter now");
    const bare = renderToStaticMarkup(
      <EmergencyBlock
        weather={{ alerts: [alert({ instruction: null })] }}
        place={{ ...PLACE, locale: "en-US" }}
        links={[]}
      />,
    );
    expect(bare).toContain("Take shelter now in a safe place.");
  });

  it("offers new stories and goes back home in Spanish", () => {
    const html = routed(
      <>
        <NewStoriesOffer categories={["local"]} />
        <BrandBar name="Houston Ledger" />
      </>,
    );
    // The words the live island counts new stories in (its button is made in the browser).
    expect(html).toContain("{count} noticias nuevas");
    expect(html).toContain("Volver a la portada");
    expectNoEnglish(html);
  });

  it("says where links open, a headline's language and sponsorship in the context's words", () => {
    const html = renderToStaticMarkup(
      inSpanish(
        <>
          <ExternalLink href="https://x.test">X</ExternalLink>
          <StoryLink
            story={{
              url: "https://y.test",
              source: "Y News",
              languageName: "inglés",
              sponsored: true,
            }}
          >
            Y
          </StoryLink>
        </>,
      ),
    );
    expect(html).toContain("(se abre en una pestaña nueva)");
    expect(html).toContain(", Y News, en inglés, Patrocinado");
    expectNoEnglish(html);
  });

  it("shows the donation dialog in the words the server gave it", () => {
    const site = { name: "Houston Ledger", city: "Houston" };
    render(
      <DonationDialog
        site={{
          donationUrl: "https://donate.test/",
          donationPrompt: { snoozeDays: 7, afterDonateDays: 30 },
          words: donationWords(translatorFor("es-US"), site),
        }}
        open
        setOpen={() => undefined}
        returnFocus={null}
      />,
    );
    const dialog = screen.getByRole("dialog");
    expect(screen.getByRole("heading", { name: "Apoye a su comunidad" })).toBeTruthy();
    expect(dialog.textContent).toContain("Houston Ledger es gratuito para todos los lectores.");
    expect(
      screen.getByRole("link", { name: "Donar ahora (se abre en una pestaña nueva)" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Quizás más tarde" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cerrar" })).toBeTruthy();
    for (const text of ["Support", "Donate Now", "Maybe Later", "is free for every reader"])
      expect(dialog.textContent).not.toContain(text);
  });
});
