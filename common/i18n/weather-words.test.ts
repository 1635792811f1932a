import { afterEach, describe, expect, it } from "vitest";
import {
  EVENT_NAMES,
  OBSERVATION_TEXTS,
  PERIOD_NAMES,
  SHORT_FORECASTS,
  englishWeatherWords,
} from "../../tests/support/weather-vocabulary";
import {
  MAX_REPORTED,
  eventEs,
  onUnknownWeatherText,
  periodEs,
  skyEs,
  weatherWords,
  type WeatherTextKind,
} from "./weather-words";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

/** The reports a function's calls make. */
function reportsOf(run: () => void): [WeatherTextKind, string, string][] {
  const heard: [WeatherTextKind, string, string][] = [];
  restore = onUnknownWeatherText((kind, text, language) => heard.push([kind, text, language]));
  run();
  return heard;
}

describe("the service's vocabulary in Spanish: every word of the repository's weather fixtures", () => {
  it("names every alert type of GET /alerts/types in Spanish", () => {
    expect(EVENT_NAMES.length).toBeGreaterThan(120);
    for (const name of EVENT_NAMES) {
      const es = eventEs(name);
      expect(es, name).not.toBeNull();
      expect(englishWeatherWords(es ?? ""), `${name}: ${es}`).toEqual([]);
    }
  });

  it("says every short forecast in Spanish, phrase by phrase", () => {
    expect(SHORT_FORECASTS.length).toBeGreaterThan(40);
    for (const text of SHORT_FORECASTS) {
      const es = skyEs(text);
      expect(es, text).not.toBeNull();
      expect(englishWeatherWords(es ?? ""), `${text}: ${es}`).toEqual([]);
    }
  });

  it("says every observation's words and every period's name in Spanish", () => {
    for (const text of OBSERVATION_TEXTS) expect(skyEs(text), text).not.toBeNull();
    for (const name of PERIOD_NAMES) {
      const es = periodEs(name);
      expect(es, name).not.toBeNull();
      expect(englishWeatherWords(es ?? ""), `${name}: ${es}`).toEqual([]);
    }
  });
});

describe("the phrase table: Spanish as a reader would write it", () => {
  it("alert types by the NWS's Spanish names (Aviso, Vigilancia, Advertencia, Declaración)", () => {
    expect(eventEs("Hurricane Warning")).toBe("Aviso de huracán");
    expect(eventEs("Tropical Storm Watch")).toBe("Vigilancia de tormenta tropical");
    expect(eventEs("Heat Advisory")).toBe("Advertencia de calor");
    expect(eventEs("Special Weather Statement")).toBe("Declaración especial del tiempo");
    expect(eventEs("Flash Flood Warning")).toBe("Aviso de inundación repentina");
    // As the service may case it.
    expect(eventEs("HURRICANE  WARNING")).toBe("Aviso de huracán");
  });

  it("qualifiers around the phenomena, agreeing in gender and number", () => {
    expect(skyEs("Chance Showers And Thunderstorms")).toBe(
      "Probabilidad de chubascos y tormentas eléctricas",
    );
    expect(skyEs("Slight Chance Rain Showers")).toBe("Ligera probabilidad de chubascos");
    expect(skyEs("Showers And Thunderstorms Likely")).toBe(
      "Chubascos y tormentas eléctricas probables",
    );
    expect(skyEs("Rain Likely")).toBe("Lluvia probable");
    expect(skyEs("Isolated Thunderstorms")).toBe("Tormentas eléctricas aisladas");
    expect(skyEs("Scattered Showers And Thunderstorms")).toBe(
      "Chubascos y tormentas eléctricas dispersos",
    );
    expect(skyEs("Numerous Showers And Thunderstorms")).toBe(
      "Numerosos chubascos y tormentas eléctricas",
    );
    expect(skyEs("Widespread Haze")).toBe("Bruma generalizada");
    expect(skyEs("Tropical Storm Conditions Possible")).toBe(
      "Posibles condiciones de tormenta tropical",
    );
  });

  it("parts that follow one another, sentences, and the sky and wind after the phenomena", () => {
    expect(skyEs("Patchy Fog then Sunny")).toBe("Niebla en algunos sectores, luego soleado");
    expect(skyEs("Chance Rain And Snow then Slight Chance Snow")).toBe(
      "Probabilidad de lluvia y nieve, luego ligera probabilidad de nieve",
    );
    expect(skyEs("Breezy. Partly Sunny")).toBe("Con brisa. Parcialmente soleado");
    expect(skyEs("Showers And Thunderstorms Likely And Breezy")).toBe(
      "Chubascos y tormentas eléctricas probables y con brisa",
    );
    expect(skyEs("Mostly Cloudy and Windy")).toBe("Mayormente nublado y ventoso");
    expect(skyEs("Light Rain and Fog/Mist")).toBe("Lluvia ligera y niebla o neblina");
  });

  it("periods: today's parts, days, their nights and holidays", () => {
    expect(periodEs("This Afternoon")).toBe("Esta tarde");
    expect(periodEs("Wednesday Night")).toBe("Miércoles por la noche");
    expect(periodEs("Thanksgiving Day")).toBe("Día de Acción de Gracias");
  });

  it("never word by word: a phrase with an unknown word is not translated at all", () => {
    expect(skyEs("Chance Showers And Frogs")).toBeNull();
    expect(skyEs("Chance Sunny")).toBeNull(); // the sky is never qualified
    expect(skyEs("Sunny then Meteor Shower")).toBeNull();
    expect(skyEs("")).toBeNull();
    expect(periodEs("Someday Night")).toBeNull();
    expect(eventEs("Kaiju Warning")).toBeNull();
  });
});

describe("weatherWords: the service's words for a page's language", () => {
  it("keeps English as given on an English page, unmarked", () => {
    const words = weatherWords("en-US");
    expect(words.event("Hurricane Warning")).toEqual({ text: "Hurricane Warning" });
    expect(words.sky("Kaiju Weather")).toEqual({ text: "Kaiju Weather" });
  });

  it("on a Spanish page: Spanish, or the English marked and reported once", () => {
    const words = weatherWords("es-US");
    const heard = reportsOf(() => {
      expect(words.event("Hurricane Warning")).toEqual({ text: "Aviso de huracán" });
      expect(words.period("Tonight")).toEqual({ text: "Esta noche" });
      for (let i = 0; i < 3; i++)
        expect(words.sky("Kaiju Weather")).toEqual({ text: "Kaiju Weather", lang: "en" });
      expect(words.event("Kaiju Warning")).toEqual({ text: "Kaiju Warning", lang: "en" });
    });
    expect(heard).toEqual([
      ["sky", "Kaiju Weather", "es"],
      ["event", "Kaiju Warning", "es"],
    ]);
  });

  it("a language without tables: the English marked, nothing reported", () => {
    const heard = reportsOf(() =>
      expect(weatherWords("fr-FR").event("Hurricane Warning")).toEqual({
        text: "Hurricane Warning",
        lang: "en",
      }),
    );
    expect(heard).toEqual([]);
  });

  it("reports at most MAX_REPORTED distinct texts: a service answering nonsense grows nothing", () => {
    const words = weatherWords("es-US");
    const heard = reportsOf(() => {
      for (let i = 0; i < MAX_REPORTED + 50; i++) words.sky(`Nonsense ${i}`);
    });
    expect(heard).toHaveLength(MAX_REPORTED);
  });
});
