import { describe, expect, it } from "vitest";
import type { WeatherAlert } from "../weather/nws-alerts";
import {
  MAX_PUSH_CHARS,
  allClearMessage,
  testMessage,
  topicOf,
  ttlOf,
  warningMessage,
  type PushSite,
} from "./message";
import { clip } from "../../common/i18n/alert-words";

const NOW = Date.parse("2026-12-03T20:00:00Z");
const SITE: PushSite = {
  locale: "es-US",
  timeZone: "America/Chicago",
  zoneNames: new Map([["TXC201", "Condado de Harris"]]),
  weatherPath: "/es/clima",
  name: "Houston City Wire",
};
const HURRICANE: WeatherAlert = {
  id: "h1",
  event: "Hurricane Warning",
  headline: "Hurricane Warning",
  description: "",
  instruction: "Complete preparations.",
  severity: "extreme",
  urgent: true,
  areaDesc: "Harris",
  effective: null,
  ends: null,
  expires: "2026-12-03T22:00:00Z",
  response: "Prepare",
  zones: ["TXC201"],
  series: "KHGX.HU.W.1001",
};

describe("a push's message", () => {
  it("gives a topic of at most 32 base64url characters, the same for a warning's series and zone", () => {
    const topic = topicOf("KHGX.HU.W.1001", "TXC201");
    expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(topicOf("KHGX.HU.W.1001", "TXC201")).toBe(topic);
    expect(topicOf("KHGX.HU.W.1001", "TXZ213")).not.toBe(topic);
  });

  it("keeps it until the message expires, at least a minute and at most a day", () => {
    expect(ttlOf({ expires: "2026-12-03T22:00:00Z", ends: null }, NOW)).toBe(7200);
    expect(ttlOf({ expires: "2026-12-03T20:00:10Z", ends: null }, NOW)).toBe(60);
    expect(ttlOf({ expires: "2026-12-09T20:00:00Z", ends: null }, NOW)).toBe(86_400);
    expect(ttlOf({ expires: null, ends: null }, NOW)).toBe(86_400);
  });

  it("says a warning with no end in the reader's language: until further notice, what to do, urgent", () => {
    const message = warningMessage(HURRICANE, ["TXC201"], SITE, NOW);
    expect(message.payload).toEqual({
      title: "Aviso de huracán",
      body: "Condado de Harris, hasta nuevo aviso. Prepárese ahora: complete sus preparativos para proteger vidas y propiedades.",
      url: "/es/clima",
      tag: topicOf("KHGX.HU.W.1001", "TXC201"),
      lang: "es",
    });
    expect([message.urgency, message.ttl]).toEqual(["high", 7200]);
  });

  it("uses the service's own Spanish when it issued the warning in Spanish too", () => {
    const message = warningMessage(
      {
        ...HURRICANE,
        translations: {
          es: {
            event: "Aviso de Huracán",
            headline: "",
            description: "",
            instruction: "Complete los preparativos.",
          },
        },
      },
      ["TXC201"],
      SITE,
      NOW,
    );
    expect(message.payload.title).toBe("Aviso de Huracán");
    expect(message.payload.body).toMatch(/ Complete los preparativos\.$/);
  });

  it("changes its digest only with what the reader sees", () => {
    const base = warningMessage(HURRICANE, ["TXC201"], SITE, NOW);
    expect(warningMessage({ ...HURRICANE, headline: "Other" }, ["TXC201"], SITE, NOW).digest).toBe(
      base.digest,
    );
    expect(
      warningMessage({ ...HURRICANE, response: "Evacuate" }, ["TXC201"], SITE, NOW).digest,
    ).not.toBe(base.digest);
  });

  it("clips at a word within the limit, with an ellipsis", () => {
    expect(clip("one two three", 9)).toBe("one two…");
    expect(clip("short", 9)).toBe("short");
    const long = warningMessage(
      {
        ...HURRICANE,
        translations: {
          es: {
            event: "Aviso",
            headline: "",
            description: "",
            instruction: "palabra ".repeat(100),
          },
        },
      },
      ["TXC201"],
      SITE,
      NOW,
    ).payload;
    expect(long.title.length + long.body.length).toBeLessThanOrEqual(MAX_PUSH_CHARS);
  });

  it("words an all-clear and the daily test in the reader's language", () => {
    const clear = allClearMessage("Tornado Warning", "KHGX.TO.W.0007", ["TXC201"], SITE);
    expect(clear.payload.title).toBe("Cancelado: Aviso de tornado");
    expect(clear.payload.body).toBe(
      "El Servicio Nacional de Meteorología canceló el Aviso de tornado para Condado de Harris.",
    );
    expect(clear.topic).toBe(topicOf("KHGX.TO.W.0007", "TXC201"));
    const test = testMessage({ ...SITE, locale: "en-US" }, "2026-12-03");
    expect(test.payload.title).toBe("Warnings test");
    expect(testMessage(SITE, "2026-12-04").topic).not.toBe(testMessage(SITE, "2026-12-03").topic);
  });
});
