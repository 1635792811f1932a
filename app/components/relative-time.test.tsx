import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  ClockContext,
  clockDigits,
  RelativeTime,
  type Clock,
  type ClockProps,
} from "./relative-time";

/** The clock island's props a page writes after its first relative date (its clock as the site's layout makes it). */
function propsOf(locale: string): ClockProps {
  const digits = clockDigits(locale);
  const clock: Clock = {
    now: Date.parse("2026-12-04T12:00:00Z"),
    locale,
    timeZone: "America/Chicago",
    ...(digits ? { digits } : {}),
    script: "/assets/island-clock.js",
  };
  const html = renderToStaticMarkup(
    <ClockContext value={clock}>
      <RelativeTime iso="2026-12-04T11:48:00Z" minutes />
    </ClockContext>,
  );
  const json = /<script type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`no clock props in ${html}`);
  return JSON.parse(json) as ClockProps;
}

describe("the clock island's props", () => {
  it("give no digits for a locale that writes 0 to 9 (the island's default)", () => {
    expect(propsOf("en-US")).not.toHaveProperty("digits");
    expect(propsOf("es-US")).not.toHaveProperty("digits");
  });

  it("carry no words: the island has them, by the locale's language (relativeWordsOf)", () => {
    expect(propsOf("es-US")).toEqual({
      locale: "es-US",
      timeZone: "America/Chicago",
      at: Date.parse("2026-12-04T12:00:00Z"),
    });
  });

  it("give the locale's digits where they are others, so the island needs no Intl to write them", () => {
    expect(propsOf("ar-EG").digits).toBe("٠١٢٣٤٥٦٧٨٩");
  });

  it("are the digits the server tells the page's dates with too", () => {
    const clock: Clock = {
      now: Date.parse("2026-12-04T12:00:00Z"),
      locale: "ar-EG",
      timeZone: "America/Chicago",
      digits: "٠١٢٣٤٥٦٧٨٩",
    };
    const html = renderToStaticMarkup(
      <ClockContext value={clock}>
        <RelativeTime iso="2026-12-04T11:48:00Z" minutes />
      </ClockContext>,
    );
    expect(html).toContain(">١٢ minutes ago</time>");
  });

  it("are told on the server in the words of the locale's language", () => {
    const html = renderToStaticMarkup(
      <ClockContext
        value={{ now: Date.parse("2026-12-04T12:00:00Z"), locale: "es-US", timeZone: "UTC" }}
      >
        <RelativeTime iso="2026-12-04T11:48:00Z" minutes />
        <RelativeTime iso="2026-12-04T09:00:00Z" />
      </ClockContext>,
    );
    expect(html).toContain(">hace 12 minutos</time>");
    expect(html).toContain(">hace 3 horas</time>");
  });
});
