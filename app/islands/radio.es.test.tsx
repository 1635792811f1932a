// @vitest-environment happy-dom
import { renderToString, renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IslandProps } from "~/components/island";
import { ScheduleTable } from "~/components/radio-extras";
import { RadioPlayer, type RadioPlayerProps } from "~/components/radio-player";
import { radioWords } from "~/lib/radio-words";
import { translatorFor } from "../../common/i18n";
import { ISLANDS_READY } from "../../common/islands";

// The radio player of a Spanish edition (issue 38): its words come with its props from the
// server's catalogue, so the island in the browser speaks the page's language.

const PROPS: RadioPlayerProps = {
  heading: "Radio en vivo",
  streamUrl: "/api/stream?port=8000",
  stationName: "Houston City Wire",
  locale: "es-US",
  timeZone: "America/Chicago",
  words: radioWords(translatorFor("es-US")),
};

/** The player's and the schedule's English words: none may be left on a Spanish page. */
const ENGLISH = [
  "Play",
  "Pause",
  "Mute",
  "Unmute",
  "Volume",
  "Now Playing",
  "live stream",
  "Listen",
  "Live programming",
  "Recently played",
  "Titles appear",
  "Unable",
  "Stream temporarily",
  "Schedule",
  "Days",
  "Time",
  "Show",
  "Times are",
  "weekly shows",
];

const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = "";
  document.documentElement.removeAttribute(ISLANDS_READY);
});

describe("the radio player in Spanish (es-US)", () => {
  it("renders its controls and Now Playing in Spanish on the server", () => {
    const html = renderToStaticMarkup(<RadioPlayer {...PROPS} />);
    expect(html).toContain('aria-label="Reproducir"');
    expect(html).toContain('aria-label="Silenciar"');
    expect(html).toContain('aria-label="Volumen"');
    expect(html).toContain("Transmisión en vivo 24/7");
    expect(html).toContain("Sonando ahora");
    expect(html).toContain("Programación en vivo de la transmisión de nuestra estación.");
    expect(html).toContain("Sonó recientemente");
    for (const word of ENGLISH) expect(textOf(html), word).not.toContain(word);
    for (const word of ["Play", "Mute", "Volume"]) expect(html).not.toContain(`"${word}"`);
  });

  it("hydrates in Spanish and says a failed start in Spanish", async () => {
    document.body.innerHTML =
      `<div data-radio-player>${renderToString(<RadioPlayer {...PROPS} />)}</div>` +
      renderToString(<IslandProps value={PROPS} />);
    const errors = vi.spyOn(console, "error");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ title: null, recent: [] })),
    );
    vi.spyOn(HTMLMediaElement.prototype, "play").mockRejectedValue(new Error("NotAllowedError"));
    await import("./radio");
    await vi.waitFor(() =>
      expect(document.documentElement.getAttribute(ISLANDS_READY)).toBe("radio"),
    );
    expect(errors).not.toHaveBeenCalled();
    const play = document.querySelector("button");
    expect(play?.getAttribute("aria-label")).toBe("Reproducir");
    play?.click();
    await vi.waitFor(() =>
      expect(document.querySelector("[role=alert]")?.textContent).toBe(
        "No se pudo iniciar la reproducción. Vuelva a intentarlo.",
      ),
    );
    const player = document.querySelector("[data-radio-player]")?.textContent;
    for (const word of ENGLISH) expect(player, word).not.toContain(word);
  });

  it("the schedule: headings, caption and note in Spanish, times in the locale", () => {
    const html = renderToStaticMarkup(
      <ScheduleTable
        schedule={[{ days: "Lun–Vie", start: "06:00", end: "09:00", show: "Buenos días" }]}
        locale="es-US"
        city="Houston"
        t={translatorFor("es-US")}
      />,
    );
    expect(html).toContain("Programación");
    expect(html).toContain("Los programas semanales de la estación, en hora de Houston");
    expect(html).toContain("Días");
    expect(html).toContain("Los horarios están en hora de Houston.");
    expect(html).toContain("6:00 a.m.");
    for (const word of ENGLISH) expect(textOf(html), word).not.toContain(word);
  });
});
