import { describe, expect, it } from "vitest";
import {
  MAX_ALERTS_PER_CITY,
  alertProblems,
  readAlerts,
  readAlertsInForce,
  severityOf,
} from "./nws-alerts";
import { TEXT_LIMITS } from "../../common/weather-text";
import {
  compassPoint,
  conditionOf,
  readForecast,
  readObservation,
  readPoint,
  unitsFor,
} from "./nws";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { WeatherLive, WeatherSummary } from "../../app/components/weather-live";

const STATION = { id: "KIAH", name: "Houston Intercontinental" };
// eslint-disable-next-line no-control-regex -- looking for control characters
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const q = (unitCode: string, value: number | null) => ({ unitCode, value, qualityControl: "V" });

/** A latest observation, as the service gives it. */
function observation(extra: Record<string, unknown> = {}) {
  return {
    properties: {
      timestamp: "2026-11-25T11:53:00+00:00",
      textDescription: "Mostly Cloudy",
      temperature: q("wmoUnit:degC", 22.2),
      relativeHumidity: q("wmoUnit:percent", 72.46),
      windSpeed: q("wmoUnit:km_h-1", 14.8),
      windDirection: q("wmoUnit:degree_(angle)", 140),
      barometricPressure: q("wmoUnit:Pa", 101660),
      visibility: q("wmoUnit:m", 16090),
      ...extra,
    },
  };
}

describe("readObservation: the service's metric units in the city's", () => {
  it("converts for en-US: °F, mph, inHg, miles, a compass point", () => {
    expect(readObservation(observation(), STATION, "us")).toEqual({
      observedAt: "2026-11-25T11:53:00.000Z",
      station: "Houston Intercontinental",
      temperature: 72, // 22.2 °C
      condition: "cloudy",
      description: "Mostly Cloudy",
      humidity: 72,
      windSpeed: 9, // 14.8 km/h
      windDirection: "SE", // 140°
      pressure: 30.02, // 101,660 Pa
      visibility: 10, // 16,090 m
      feelsLike: null, // neither a heat index nor a wind chill given
      units: "us",
    });
  });

  it("gives what the air feels like: the heat index in the heat, the wind chill in the cold", () => {
    const hot = observation({
      temperature: q("wmoUnit:degC", 33.9),
      heatIndex: q("wmoUnit:degC", 38.9),
      windChill: q("wmoUnit:degC", null),
    });
    expect(readObservation(hot, STATION, "us").feelsLike).toBe(102);
    expect(readObservation(hot, STATION, "metric").feelsLike).toBe(39);
    const cold = observation({
      temperature: q("wmoUnit:degC", -2.2),
      heatIndex: q("wmoUnit:degC", null),
      windChill: q("wmoUnit:degC", -8.3),
    });
    expect(readObservation(cold, STATION, "us").feelsLike).toBe(17);
    // Beyond what can be felt on Earth: none.
    const odd = observation({ heatIndex: q("wmoUnit:degC", 1e308) });
    expect(readObservation(odd, STATION, "us").feelsLike).toBeNull();
  });

  it("keeps metric for a metric locale: °C, km/h, hPa, km", () => {
    const c = readObservation(observation(), STATION, "metric");
    expect([c.temperature, c.windSpeed, c.pressure, c.visibility]).toEqual([22, 15, 1017, 16]);
  });

  it("leaves out what the station did not measure, never inventing it", () => {
    const c = readObservation(
      observation({
        temperature: q("wmoUnit:degC", null),
        relativeHumidity: null,
        visibility: q("wmoUnit:m", null),
        barometricPressure: undefined,
      }),
      STATION,
      "us",
    );
    expect([c.temperature, c.humidity, c.visibility, c.pressure]).toEqual([null, null, null, null]);
  });

  it("names no direction for a calm wind, and reads a unit it does not know as nothing", () => {
    const calm = readObservation(observation({ windSpeed: q("wmoUnit:km_h-1", 0) }), STATION, "us");
    expect([calm.windSpeed, calm.windDirection]).toEqual([0, null]);
    const odd = readObservation(observation({ temperature: q("wmoUnit:K", 295) }), STATION, "us");
    expect(odd.temperature).toBeNull();
  });

  it("reads a figure beyond what can be measured on Earth as missing, never Infinity", () => {
    // As JSON carries them: 1e999 reads as Infinity.
    const body = JSON.parse(`{"properties": {
      "timestamp": "2026-11-25T11:53:00+00:00",
      "textDescription": "Mostly Cloudy",
      "temperature": {"unitCode": "wmoUnit:degC", "value": 1e999},
      "relativeHumidity": {"unitCode": "wmoUnit:percent", "value": -500},
      "windSpeed": {"unitCode": "wmoUnit:km_h-1", "value": 1e308},
      "windDirection": {"unitCode": "wmoUnit:degree_(angle)", "value": 1e300},
      "barometricPressure": {"unitCode": "wmoUnit:Pa", "value": 5},
      "visibility": {"unitCode": "wmoUnit:m", "value": -1}
    }}`) as unknown;
    for (const units of ["us", "metric"] as const) {
      const c = readObservation(body, STATION, units);
      expect([c.temperature, c.humidity, c.windSpeed, c.windDirection]).toEqual([
        null,
        null,
        null,
        null,
      ]);
      expect([c.pressure, c.visibility]).toEqual([null, null]);
    }
    const odd = (extra: Record<string, unknown>) =>
      readObservation(observation(extra), STATION, "us");
    expect(odd({ temperature: q("wmoUnit:degC", 61) }).temperature).toBeNull();
    expect(odd({ temperature: q("wmoUnit:degC", -81) }).temperature).toBeNull();
    expect(odd({ temperature: q("wmoUnit:degC", -40) }).temperature).toBe(-40);
    expect(odd({ relativeHumidity: q("wmoUnit:percent", 100.4) }).humidity).toBeNull();
    expect(odd({ relativeHumidity: q("wmoUnit:percent", 100) }).humidity).toBe(100);
    expect(odd({ windSpeed: q("wmoUnit:km_h-1", -3) }).windSpeed).toBeNull();
    expect(odd({ windSpeed: q("wmoUnit:m_s-1", 112) }).windSpeed).toBeNull(); // 403 km/h
    expect(odd({ barometricPressure: q("wmoUnit:Pa", 84_000) }).pressure).toBeNull();
    expect(odd({ barometricPressure: q("wmoUnit:Pa", 110_100) }).pressure).toBeNull();
    expect(odd({ visibility: q("wmoUnit:m", 1e9) }).visibility).toBeNull();
  });

  it("keeps no control character of the station's words, and bounds their length", () => {
    const c = readObservation(
      observation({ textDescription: `\u202eYDUOLC\u0000 ${"Cloudy ".repeat(10_000)}` }),
      { id: "KIAH", name: "\u202bHouston\u0007 Intercontinental" },
      "us",
    );
    expect(c.description.startsWith("YDUOLC Cloudy")).toBe(true);
    expect(c.description.length).toBeLessThanOrEqual(TEXT_LIMITS.sky);
    expect(c.description.endsWith("…")).toBe(true);
    expect(c.station).toBe("Houston Intercontinental");
  });

  it("refuses an answer that is not an observation", () => {
    expect(() => readObservation({ properties: {} }, STATION, "us")).toThrow();
    expect(() => readObservation("<html>", STATION, "us")).toThrow();
  });
});

describe("units, compass and condition", () => {
  it.each([
    ["en-US", "us"],
    ["es-US", "us"],
    ["en", "us"],
    ["en-GB", "metric"],
    ["fr-CA", "metric"],
  ])("%s reads in %s units", (locale, units) => {
    expect(unitsFor(locale)).toBe(units);
  });

  it.each([
    [0, "N"],
    [11, "N"],
    [12, "NNE"],
    [140, "SE"],
    [359, "N"],
    [-90, "W"],
  ])("%i° is %s", (deg, point) => {
    expect(compassPoint(deg)).toBe(point);
  });

  it.each([
    ["Chance Showers And Thunderstorms", "rainy"],
    ["Light Snow", "rainy"],
    ["Breezy. Partly Sunny", "windy"],
    ["Sunny", "sunny"],
    ["Clear", "sunny"],
    ["Mostly Cloudy", "cloudy"],
    ["Patchy Fog", "cloudy"],
    [null, "cloudy"],
  ])("%s shows as %s", (text, condition) => {
    expect(conditionOf(text)).toBe(condition);
  });
});

describe("readForecast", () => {
  const period = (
    name: string,
    isDaytime: boolean,
    temperature: number,
    shortForecast: string,
  ) => ({
    name,
    startTime: "2026-11-25T06:00:00-06:00",
    isDaytime,
    temperature,
    temperatureUnit: "F",
    shortForecast,
  });

  it("pairs each day with the night after it: its high and that low", () => {
    const days = readForecast(
      {
        properties: {
          periods: [
            period("Today", true, 78, "Sunny"),
            period("Tonight", false, 61, "Clear"),
            period("Thursday", true, 80, "Showers Likely"),
            period("Thursday Night", false, 64, "Chance Showers"),
          ],
        },
      },
      "us",
    );
    expect(days).toEqual([
      { day: "Today", condition: "sunny", summary: "Sunny", high: 78, low: 61 },
      { day: "Thursday", condition: "rainy", summary: "Showers Likely", high: 80, low: 64 },
    ]);
  });

  it("starts with the night when the forecast does (a low only), at most seven days, in °C for metric", () => {
    const periods = [period("Tonight", false, 50, "Clear")];
    for (let i = 0; i < 8; i++)
      periods.push(period(`Day ${i}`, true, 68, "Sunny"), period(`Night ${i}`, false, 50, "Clear"));
    const days = readForecast({ properties: { periods } }, "metric");
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({
      day: "Tonight",
      condition: "sunny",
      summary: "Clear",
      high: null,
      low: 10,
    });
    expect(days[1]?.high).toBe(20);
  });
});

describe("alerts", () => {
  const NOW = Date.parse("2026-11-25T18:00:00Z");
  const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
  const alert = (id: string, extra: Record<string, unknown>) => ({
    properties: {
      id,
      event: "Flash Flood Warning",
      headline: `${id} headline`,
      severity: "Severe",
      status: "Actual",
      messageType: "Alert",
      effective: at(-30),
      expires: at(60),
      ends: at(120),
      geocode: { UGC: ["TXC201"] },
      ...extra,
    },
  });

  it.each([
    ["Extreme", "extreme"],
    ["Severe", "severe"],
    ["Moderate", "moderate"],
    ["Minor", "minor"],
    ["Unknown", "minor"],
  ])("the service's %s is the page's %s", (nws, page) => {
    expect(severityOf(nws)).toBe(page);
  });

  it("names the city's zones each alert is in force in, and its series (VTEC event, else its first message)", () => {
    const vtec = (action: string) => ({
      VTEC: [`/O.${action}.KHGX.FF.W.0042.261125T1730Z-261125T2000Z/`],
    });
    const body = {
      features: [
        alert("new", { parameters: vtec("NEW"), geocode: { UGC: ["TXC201", "TXZ213", "TXC157"] } }),
        alert("no-vtec-update", {
          references: [{ identifier: "first" }, { identifier: "second" }],
        }),
        alert("own", { geocode: { UGC: ["TXZ213"] } }),
      ],
    };
    const { alerts } = readAlertsInForce(body, ["TXZ213", "TXC201"], NOW);
    expect(alerts.map((a) => [a.id, a.zones, a.series])).toEqual([
      ["new", ["TXC201", "TXZ213"], "KHGX.FF.W.0042"],
      ["no-vtec-update", ["TXC201"], "first"],
      ["own", ["TXZ213"], "own"],
    ]);
  });

  it("lists the warnings the service cancelled in the city's zones, by series, for their all-clear", () => {
    const body = {
      features: [
        alert("original", {
          parameters: { VTEC: ["/O.NEW.KHGX.TO.W.0007.261125T1730Z-261125T1800Z/"] },
        }),
        alert("cancel", {
          event: "Tornado Warning",
          messageType: "Cancel",
          references: [{ identifier: "original" }],
          parameters: { VTEC: ["/O.CAN.KHGX.TO.W.0007.000000T0000Z-261125T1800Z/"] },
        }),
        alert("cancel-elsewhere", { messageType: "Cancel", geocode: { UGC: ["TXZ080"] } }),
        alert("cancel-test", { messageType: "Cancel", status: "Test" }),
      ],
    };
    const inForce = readAlertsInForce(body, ["TXZ213", "TXC201"], NOW);
    expect(inForce.alerts).toEqual([]);
    expect(inForce.cancelled).toEqual([
      { series: "KHGX.TO.W.0007", event: "Tornado Warning", zones: ["TXC201"] },
    ]);
  });

  it("keeps those in force in the city's zones, most severe first; never an expired, cancelled, test or other zone's", () => {
    const body = {
      features: [
        alert("advisory", {
          severity: "Moderate",
          event: "Wind Advisory",
          geocode: { UGC: ["TXZ213"] },
        }),
        alert("warning", { severity: "Extreme", event: "Tornado Warning" }),
        alert("expired", { expires: at(-10), ends: at(-5) }),
        alert("cancelled", { messageType: "Cancel" }),
        alert("test", { status: "Test" }),
        alert("elsewhere", { geocode: { UGC: ["TXZ080"] } }),
        alert("by-zone-url", {
          severity: "Minor",
          geocode: {},
          affectedZones: ["https://api.weather.gov/zones/forecast/TXZ213"],
        }),
      ],
    };
    const alerts = readAlerts(body, ["TXZ213", "TXC201"], NOW);
    expect(alerts.map((a) => [a.id, a.severity, a.urgent])).toEqual([
      ["warning", "extreme", true],
      ["advisory", "moderate", false],
      ["by-zone-url", "minor", false],
    ]);
    // The hazard ends at its end; the message's expiry is kept apart, never shown as the end.
    expect(alerts[0]?.ends).toBe(at(120));
    expect(alerts[0]?.expires).toBe(at(60));
  });

  describe("an alert issued in Spanish too", () => {
    const VTEC = "/O.NEW.KHGX.HU.W.1001.260826T1200Z-000000T0000Z/";
    const spanish = (id: string, extra: Record<string, unknown> = {}) =>
      alert(id, {
        language: "es-US",
        event: "Aviso de Inundación Repentina",
        headline: "Aviso de inundación repentina emitido",
        description: "Lluvias intensas sobre el condado de Harris.",
        instruction: "Busque terreno alto ahora.",
        parameters: { VTEC: [VTEC] },
        ...extra,
      });

    it("goes with its English twin (the same VTEC): its texts by language, not listed apart", () => {
      const result = readAlertsInForce(
        { features: [alert("en", { parameters: { VTEC: [VTEC] } }), spanish("es")] },
        ["TXC201"],
        NOW,
      );
      expect(result.alerts).toHaveLength(1);
      expect(result.total).toBe(1);
      expect(result.alerts[0]).toMatchObject({
        id: "en",
        event: "Flash Flood Warning",
        translations: {
          es: {
            event: "Aviso de Inundación Repentina",
            headline: "Aviso de inundación repentina emitido",
            description: "Lluvias intensas sobre el condado de Harris.",
            instruction: "Busque terreno alto ahora.",
          },
        },
      });
      expect(result.alerts[0]?.language).toBeUndefined();
    });

    it("is listed in its own language when it has no twin (another VTEC, or none)", () => {
      const alerts = readAlerts(
        {
          features: [
            alert("en", { parameters: { VTEC: ["/O.NEW.KHGX.FF.W.0001.X/"] } }),
            spanish("es"),
            spanish("es-plain", { parameters: {} }),
          ],
        },
        ["TXC201"],
        NOW,
      );
      expect(alerts.map((a) => [a.id, a.language, a.translations])).toEqual([
        ["en", undefined, undefined],
        ["es", "es", undefined],
        ["es-plain", "es", undefined],
      ]);
    });

    it("reads a malformed language or VTEC as none, and still shows the alert", () => {
      const alerts = readAlerts(
        { features: [alert("odd", { language: 42, parameters: { VTEC: "not a list" } })] },
        ["TXC201"],
        NOW,
      );
      expect(alerts.map((a) => [a.id, a.language])).toEqual([["odd", undefined]]);
    });
  });

  describe("times as the service means them", () => {
    // A Hurricane Warning shaped as the NWS issues them: Extreme, Expected, the hazard's onset
    // in 6 h, no known end, and the message due to be replaced by the next advisory in 5 h.
    const hurricane = (id: string, extra: Record<string, unknown> = {}) =>
      alert(id, {
        event: "Hurricane Warning",
        severity: "Extreme",
        urgency: "Expected",
        certainty: "Likely",
        response: "Prepare",
        effective: at(0),
        onset: at(6 * 60),
        expires: at(5 * 60),
        ends: null,
        instruction: "Complete preparations to protect life and property.",
        ...extra,
      });

    it("starts at its onset and, with no end given, runs until further notice: its expiry is not its end", () => {
      const [warning] = readAlerts({ features: [hurricane("h1")] }, ["TXC201"], NOW);
      expect(warning).toMatchObject({
        id: "h1",
        severity: "extreme",
        urgent: true,
        effective: at(6 * 60),
        ends: null,
        expires: at(5 * 60),
        response: "Prepare",
      });
    });

    it("reads what the public should do (CAP responseType); None or an unknown one is none", () => {
      const responses = ["Shelter", "Evacuate", "AllClear", "all_clear", "None", "Panic", null];
      const alerts = readAlerts(
        { features: responses.map((response, i) => hurricane(`r${i}`, { response })) },
        ["TXC201"],
        NOW,
      );
      expect(alerts.map((a) => [a.id, a.response])).toEqual([
        ["r0", "Shelter"],
        ["r1", "Evacuate"],
        ["r2", "AllClear"],
        ["r3", "AllClear"],
        ["r4", null],
        ["r5", null],
        ["r6", null],
      ]);
      // One that is not text is none, and the alert is still shown.
      const [odd] = readAlerts({ features: [hurricane("x", { response: 7 })] }, ["TXC201"], NOW);
      expect(odd).toMatchObject({ id: "x", response: null });
    });

    it("starts when the message took effect when it gives no onset", () => {
      const [warning] = readAlerts(
        { features: [hurricane("h1", { onset: null })] },
        ["TXC201"],
        NOW,
      );
      expect(warning?.effective).toBe(at(0));
    });

    it("stops showing a message never replaced once it expires, though the hazard's end is later", () => {
      const stale = alert("stale", { expires: at(-1), ends: at(600) });
      expect(readAlerts({ features: [stale] }, ["TXC201"], NOW)).toEqual([]);
      // Until it expires, it is shown with the hazard's end.
      const [fresh] = readAlerts({ features: [stale] }, ["TXC201"], NOW - 2 * 60_000);
      expect(fresh?.ends).toBe(at(600));
    });

    it("asks again at the message's expiry: the next change by time is the sooner of end and expiry", () => {
      const read = readAlertsInForce({ features: [hurricane("h1")] }, ["TXC201"], NOW);
      expect(read.nextEnd).toBe(NOW + 5 * 60 * 60_000);
    });

    it("shows an update in place of the message it replaces, though the service lists both", () => {
      const update = hurricane("h2", {
        messageType: "Update",
        expires: at(11 * 60),
        references: [{ identifier: "h1", sender: "w-nws.webmaster@noaa.gov", sent: at(-60) }],
      });
      const alerts = readAlerts({ features: [hurricane("h1"), update] }, ["TXC201"], NOW);
      expect(alerts.map((a) => [a.id, a.expires])).toEqual([["h2", at(11 * 60)]]);
    });

    it("drops a message a cancellation names, and shows the cancellation itself nowhere", () => {
      const cancel = hurricane("c1", {
        messageType: "Cancel",
        references: [{ identifier: "h1" }],
      });
      expect(readAlerts({ features: [hurricane("h1"), cancel] }, ["TXC201"], NOW)).toEqual([]);
    });

    it("reads references it cannot use as none, never losing the alert", () => {
      const odd = hurricane("h1", { references: "not a list" });
      expect(readAlerts({ features: [odd] }, ["TXC201"], NOW).map((a) => a.id)).toEqual(["h1"]);
    });

    it("leads with Extreme before Severe, whatever their ends", () => {
      const flood = alert("flood", { severity: "Severe", ends: at(30), expires: at(30) });
      const alerts = readAlerts({ features: [flood, hurricane("h1")] }, ["TXC201"], NOW);
      expect(alerts.map((a) => a.id)).toEqual(["h1", "flood"]);
    });
  });

  it("drops an alert the moment it ends", () => {
    const body = { features: [alert("a", { expires: at(10), ends: null })] };
    expect(readAlerts(body, ["TXC201"], NOW)).toHaveLength(1);
    expect(readAlerts(body, ["TXC201"], NOW + 10 * 60_000)).toHaveLength(0);
  });
});

describe("alerts bounded before they reach a page", () => {
  const NOW = Date.parse("2026-11-25T18:00:00Z");
  const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
  const feature = (properties: Record<string, unknown>) => ({
    id: `https://api.weather.gov/alerts/${String(properties.id)}`,
    type: "Feature",
    properties: {
      event: "Flash Flood Warning",
      severity: "Severe",
      status: "Actual",
      messageType: "Alert",
      effective: at(-30),
      expires: at(60),
      geocode: { UGC: ["TXC201"] },
      ...properties,
    },
  });

  it("skips one malformed alert, never hiding the valid ones around it, and names its problem", () => {
    const body = {
      features: [
        feature({ id: "flood", event: "Flash Flood Warning", severity: "Severe" }),
        feature({ id: 42, event: "Hurricane Warning", severity: "Extreme" }),
        feature({ id: "list-event", event: ["Tornado", "Warning"], severity: "Extreme" }),
        feature({ id: "list-event-2", event: ["Tornado", "Warning"], severity: "Extreme" }),
        "not an alert",
        feature({ id: "tornado", event: "Tornado Warning", severity: "Extreme" }),
        feature({ id: "blank", event: "\u202e\u0000 ", severity: "Extreme" }),
      ],
    };
    const alerts = readAlerts(body, ["TXC201"], NOW);
    // The valid Extreme warning still shows, first; then the Severe one.
    expect(alerts.map((a) => [a.id, a.event, a.urgent])).toEqual([
      ["tornado", "Tornado Warning", true],
      ["flood", "Flash Flood Warning", true],
    ]);
    const problems = alertProblems(body);
    // Each distinct problem once: the two alerts whose event is a list are one problem.
    expect(problems).toEqual([
      {
        id: "https://api.weather.gov/alerts/42",
        reason: expect.stringMatching(/^properties\.id: .*string/) as string,
        count: 1,
      },
      {
        id: "list-event",
        reason: expect.stringMatching(/^properties\.event: .*string/) as string,
        count: 2,
      },
      { id: null, reason: expect.stringMatching(/^alert: /) as string, count: 1 },
      { id: "blank", reason: "properties.event: empty", count: 1 },
    ]);
    // An answer that is no list of alerts at all still fails its read.
    expect(() => readAlerts({ features: "none" }, ["TXC201"], NOW)).toThrow();
  });

  it("keeps no control character in an alert's texts: an override never turns a word around", () => {
    const body = {
      features: [
        feature({
          id: "evac\u202e",
          event: "\u202eNOITAUCAVE",
          headline: "\u2066Leave\u2069 \u200fnow\u0007",
          description: "* WHAT...\u202dFlooding\u0000.\r\n\r\n* WHERE...\tHarris\u0085 County.",
          instruction: "\u061cTurn around,\u001b[2J don't drown.",
          areaDesc: "Harris,\u202e XT",
        }),
      ],
    };
    const [alert] = readAlerts(body, ["TXC201"], NOW);
    expect(alert).toMatchObject({
      id: "evac",
      event: "NOITAUCAVE",
      headline: "Leave now",
      description: "* WHAT...Flooding.\n\n* WHERE...\tHarris County.",
      instruction: "Turn around,[2J don't drown.",
      areaDesc: "Harris, XT",
    });
    expect(JSON.stringify(alert)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    expect(Object.values(alert ?? {}).join("")).not.toMatch(CONTROLS);
  });

  it("cuts each text to its length: a 200 KB description at a word boundary, with an ellipsis", () => {
    const body = {
      features: [
        feature({
          id: "long",
          event: `Flood ${"Warning ".repeat(5000)}`,
          headline: "Headline ".repeat(5000),
          description: "Water is rising fast. ".repeat(9500), // 209,000 characters
          instruction: "Move to higher ground. ".repeat(9000),
          areaDesc: "Harris; ".repeat(5000),
        }),
      ],
    };
    const [alert] = readAlerts(body, ["TXC201"], NOW);
    if (!alert) throw new Error("no alert");
    expect(alert.description.length).toBeLessThanOrEqual(TEXT_LIMITS.description);
    expect(alert.description.length).toBeGreaterThan(TEXT_LIMITS.description - 30);
    expect(alert.description).toMatch(/^Water is rising fast\. .* (Water|is|rising|fast)…$/s);
    expect(alert.instruction?.length).toBeLessThanOrEqual(TEXT_LIMITS.instruction);
    expect(alert.instruction?.endsWith("…")).toBe(true);
    expect(alert.headline.length).toBeLessThanOrEqual(TEXT_LIMITS.headline);
    expect(alert.event.length).toBeLessThanOrEqual(TEXT_LIMITS.event);
    expect(alert.event).toMatch(/^Flood Warning( Warning)*…$/);
    expect(alert.areaDesc.length).toBeLessThanOrEqual(TEXT_LIMITS.areaDesc);
  });

  it("keeps a city's most severe, soonest ending alerts (at most MAX_ALERTS_PER_CITY), counting them all", () => {
    const features = Array.from({ length: 1500 }, (_, i) =>
      feature({
        id: `a${i}`,
        event: i % 2 ? "Hurricane Warning" : "Flood Warning",
        severity: i % 2 ? "Extreme" : "Severe",
        expires: at(60 + (1500 - i)),
        description: "x ".repeat(1000),
      }),
    );
    features.push(feature({ id: "advisory", severity: "Moderate", event: "Wind Advisory" }));
    const { alerts, total, urgent } = readAlertsInForce({ features }, ["TXC201"], NOW);
    expect(alerts).toHaveLength(MAX_ALERTS_PER_CITY);
    expect([total, urgent]).toEqual([1501, 1500]);
    // Extreme before Severe; the soonest ending first.
    expect(alerts.every((a) => a.event === "Hurricane Warning")).toBe(true);
    expect(alerts.slice(0, 2).map((a) => a.id)).toEqual(["a1499", "a1497"]);
  });

  it("names the soonest end of the alerts in force, of one not shown too (its end changes the count shown)", () => {
    const features = Array.from({ length: MAX_ALERTS_PER_CITY }, (_, i) =>
      feature({ id: `w${i}`, severity: "Extreme", expires: at(120), ends: null }),
    );
    features.push(feature({ id: "minor", severity: "Minor", expires: at(30), ends: null }));
    features.push(feature({ id: "open", severity: "Minor", expires: null, ends: null }));
    const { alerts, total, nextEnd } = readAlertsInForce({ features }, ["TXC201"], NOW);
    expect(alerts.map((a) => a.id)).not.toContain("minor");
    expect(total).toBe(MAX_ALERTS_PER_CITY + 2);
    expect(nextEnd).toBe(Date.parse(at(30)));
    const none = readAlertsInForce({ features: [features.at(-1)] }, ["TXC201"], NOW);
    expect([none.total, none.nextEnd]).toEqual([1, null]);
  });
});

describe("readForecast: bounded figures and texts", () => {
  it("reads a temperature beyond what can be measured as missing", () => {
    const period = (name: string, isDaytime: boolean, temperature: number) => ({
      name,
      startTime: "2026-11-25T06:00:00-06:00",
      isDaytime,
      temperature,
      temperatureUnit: "F",
      shortForecast: "\u202eYNNUS Sunny",
    });
    const [today] = readForecast(
      { properties: { periods: [period("Today", true, 9999), period("Tonight", false, 61)] } },
      "us",
    );
    expect(today).toEqual({
      day: "Today",
      condition: "sunny",
      summary: "YNNUS Sunny",
      high: null,
      low: 61,
    });
  });
});

describe("figures beyond what can be measured, as pages show them", () => {
  const NOW = Date.parse("2026-11-25T18:00:00Z");
  const PLACE = { city: "Houston", locale: "en-US", timeZone: "America/Chicago" };
  // As a forged answer can carry them (JSON's 1e999 reads as Infinity).
  const observation = JSON.parse(`{"properties": {
    "timestamp": "2026-11-25T17:53:00+00:00",
    "textDescription": "\\u202eYDUOLC Cloudy",
    "temperature": {"unitCode": "wmoUnit:degC", "value": 1e999},
    "relativeHumidity": {"unitCode": "wmoUnit:percent", "value": -500},
    "windSpeed": {"unitCode": "wmoUnit:km_h-1", "value": 1e308},
    "windDirection": {"unitCode": "wmoUnit:degree_(angle)", "value": 140},
    "barometricPressure": {"unitCode": "wmoUnit:Pa", "value": 1e308},
    "visibility": {"unitCode": "wmoUnit:m", "value": -16090}
  }}`) as unknown;
  const forecast = JSON.parse(`{"properties": {"periods": [
    {"name": "Today", "startTime": "2026-11-25T06:00:00-06:00", "isDaytime": true,
     "temperature": 1e999, "temperatureUnit": "F", "shortForecast": "Sunny"},
    {"name": "Tonight", "startTime": "2026-11-25T18:00:00-06:00", "isDaytime": false,
     "temperature": -500, "temperatureUnit": "F", "shortForecast": "Clear"}
  ]}}`) as unknown;
  const live = {
    state: "ready" as const,
    current: readObservation(observation, { id: "KIAH", name: "Houston" }, "us"),
    forecast: { days: readForecast(forecast, "us"), fetchedAt: new Date(NOW).toISOString() },
    alerts: [],
    alertsFetchedAt: new Date(NOW).toISOString(),
    forecastPage: "https://forecast.weather.gov/MapClick.php?lat=29.7604&lon=-95.3698",
    radar: null,
  };

  it("shows them as missing on /weather and home, never Infinity or absurd numbers", () => {
    for (const html of [
      renderToStaticMarkup(createElement(WeatherLive, { weather: live, place: PLACE, now: NOW })),
      renderToStaticMarkup(createElement(WeatherSummary, { weather: live, place: PLACE })),
    ]) {
      expect(html).not.toMatch(/Infinity|NaN|e\+\d|-500|°F<\/span>/);
      expect(html).not.toMatch(/Humidity|Wind|Pressure|Visibility|high|low/);
      expect(html).toContain("YDUOLC Cloudy");
      expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    }
  });
});

describe("readPoint", () => {
  it("names the grid, the stations and the alert zones of a point", () => {
    const point = readPoint({
      properties: {
        gridId: "HGX",
        gridX: 65,
        gridY: 97,
        forecast: "https://api.weather.gov/gridpoints/HGX/65,97/forecast",
        observationStations: "https://api.weather.gov/gridpoints/HGX/65,97/stations",
        forecastZone: "https://api.weather.gov/zones/forecast/TXZ213",
        county: "https://api.weather.gov/zones/county/TXC201",
        radarStation: "KHGX",
      },
    });
    expect(point).toMatchObject({
      office: "HGX",
      gridX: 65,
      gridY: 97,
      zones: ["TXZ213", "TXC201"],
    });
  });
});
