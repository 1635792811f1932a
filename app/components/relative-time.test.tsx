import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { relativeWordsFor } from "~/lib/i18n";
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
    words: relativeWordsFor("en-US"),
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

  it("give the locale's digits where they are others, so the island needs no Intl to write them", () => {
    expect(propsOf("ar-EG").digits).toBe("٠١٢٣٤٥٦٧٨٩");
  });

  it("are the digits the server tells the page's dates with too", () => {
    const clock: Clock = {
      now: Date.parse("2026-12-04T12:00:00Z"),
      locale: "ar-EG",
      timeZone: "America/Chicago",
      words: relativeWordsFor("en-US"),
      digits: "٠١٢٣٤٥٦٧٨٩",
    };
    const html = renderToStaticMarkup(
      <ClockContext value={clock}>
        <RelativeTime iso="2026-12-04T11:48:00Z" minutes />
      </ClockContext>,
    );
    expect(html).toContain(">١٢ minutes ago</time>");
  });
});
