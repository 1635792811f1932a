import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CityWeather } from "../../server/weather/city-weather";
import type { WeatherAlert } from "../../server/weather/nws-alerts";
import { translatorFor } from "../../common/i18n";
import { ClimateHistory, formatFigure } from "./weather";
import { AlertBanner, WeatherLive, WeatherSummary } from "./weather-live";
import { ENGLISH_WEATHER_WORDS } from "../../tests/support/weather-vocabulary";
import { expectNoEnglish as expectNoEnglishIn } from "../../tests/support/no-english";
import { windWarning } from "../../tests/support/weather-alerts";

// The weather blocks on a Spanish edition's page (issue 38): the interface's words in Spanish,
// figures as the locale writes them, and the service's own English texts marked lang="en".

const NOW = Date.parse("2026-11-25T18:00:00Z");
const ES = { city: "Houston", locale: "es-US", timeZone: "America/Chicago" };
const EN = { ...ES, locale: "en-US" };

/** The `i`th Extreme Wind Warning, whose response is to shelter. */
const alert = (i: number, changes: Partial<WeatherAlert> = {}): WeatherAlert =>
  windWarning(i, NOW, { response: "Shelter", ...changes });

function weather(extra: Partial<CityWeather> = {}): CityWeather {
  return {
    state: "ready",
    current: {
      observedAt: new Date(NOW - 12 * 60_000).toISOString(),
      station: "KHOU",
      temperature: 72,
      condition: "cloudy",
      description: "Mostly Cloudy",
      humidity: 75,
      windSpeed: 10,
      windDirection: "NW",
      pressure: 30.1,
      visibility: 10,
      feelsLike: null,
      units: "us",
    },
    forecast: {
      days: [
        { day: "Today", condition: "sunny", summary: "Sunny", high: 80, low: 65 },
        { day: "Thursday", condition: "rainy", summary: "Showers", high: 75, low: null },
      ],
      fetchedAt: new Date(NOW).toISOString(),
    },
    alerts: [
      alert(1),
      alert(2, { severity: "moderate", urgent: false }),
      alert(3, { severity: "minor", urgent: false }),
    ],
    alertsInForce: { total: 30, urgent: 5 },
    alertsFetchedAt: new Date(NOW).toISOString(),
    forecastPage: "https://forecast.weather.gov/",
    radar: null,
    ...extra,
  };
}

/** The page's own words: the markup without the service's texts (lang="en") and without tags. */
function interfaceText(html: string): string {
  return html
    .replace(/<(\w+)[^>]*\slang="en"[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** English interface words the blocks write: none may be left on a Spanish page. */
const ENGLISH = [
  "Humidity",
  "Wind",
  "Calm",
  "Pressure",
  "Visibility",
  "Current Conditions",
  "Updated",
  "Weather",
  "Alerts",
  "alert",
  "From",
  "until",
  "more",
  "opens in a new tab",
  "Forecast",
  "Temperatures",
  "high",
  "low",
  "Observed",
  "in force",
  "Severe",
  "Moderate",
  "Minor",
  "National Weather Service",
  "Month",
  "Average",
  "Rain",
  "minutes ago",
  "for Houston",
];

/** The blocks' own text holds neither ENGLISH nor the service's English (as whole words). */
function expectNoEnglish(html: string) {
  const text = interfaceText(html);
  expectNoEnglishIn(text, [...ENGLISH, ...ENGLISH_WEATHER_WORDS], { match: "word" });
}

describe("the weather blocks in Spanish (es-US)", () => {
  it("/weather's live sections: Spanish words, the service's texts marked English", () => {
    const html = renderToStaticMarkup(<WeatherLive weather={weather()} place={ES} now={NOW} />);
    expect(html).toContain("Condiciones actuales");
    expect(html).toContain("Humedad");
    expect(html).toContain("Viento");
    expect(html).toContain("10 mi/h NW");
    expect(html).toContain("72 °F");
    expect(html).toContain("Actualizado hace 12 minutos");
    expect(html).toContain("Alertas del tiempo");
    expect(html).toContain("Grave:");
    expect(html).toContain("Moderada:");
    expect(html).toContain("Desde ");
    expect(html).toContain("…y 27 alertas más en vigor: véalas todas en");
    expect(html).toContain("la página del Servicio Nacional de Meteorología para Houston");
    expect(html).toContain("se abre en una pestaña nueva");
    expect(html).toContain("Pronóstico de 7 días");
    expect(html).toContain("Temperaturas en °F");
    // The alert's type, the sky and the forecast's days in Spanish, from the phrase tables.
    expect(html).toContain("<bdi>Aviso de vientos extremos</bdi>");
    expect(html).not.toContain("Extreme Wind Warning<");
    expect(html).toContain("<bdi>Mayormente nublado</bdi>");
    expect(html).toContain("<bdi>Hoy</bdi>");
    expect(html).toContain("<bdi>Soleado</bdi>");
    expect(html).toContain("<bdi>Jueves</bdi>");
    expect(html).toContain("<bdi>Chubascos</bdi>");
    // What to do in Spanish from the alert's response, then the service's English under its name.
    expect(html).toContain("Refúgiese ahora en un lugar seguro.");
    expect(html).toContain("Texto del Servicio Nacional de Meteorología (en inglés):");
    expect(html).toContain('lang="en">Extreme Wind Warning issued</p>');
    expect(html).toContain('lang="en">Winds of 120 mph.</p>');
    expect(html).toContain('lang="en">Take shelter now.</p>');
    expectNoEnglish(html);
  });

  it("shows the service's own Spanish where it issued the alert in Spanish too, marking nothing", () => {
    const translated = alert(1, {
      translations: {
        es: {
          event: "Aviso de Vientos Extremos",
          headline: "Aviso de vientos extremos emitido",
          description: "Vientos de 120 mph.",
          instruction: "Refúgiese ya en un cuarto interior.",
        },
      },
    });
    const html = renderToStaticMarkup(
      <WeatherLive weather={weather({ alerts: [translated] })} place={ES} now={NOW} />,
    );
    // The type by the table's name; the headline, description and instruction the service's own.
    expect(html).toContain("<bdi>Aviso de vientos extremos</bdi>");
    expect(html).toContain(">Aviso de vientos extremos emitido</p>");
    expect(html).toContain(">Refúgiese ya en un cuarto interior.</p>");
    expect(html).not.toContain("Winds of 120 mph");
    expect(html).not.toContain("Texto del Servicio Nacional de Meteorología (en inglés)");
    expectNoEnglish(html);
    // The English page keeps the English.
    const en = renderToStaticMarkup(
      <WeatherLive weather={weather({ alerts: [translated] })} place={EN} now={NOW} />,
    );
    expect(en).toContain("Winds of 120 mph.");
    expect(en).not.toContain("Refúgiese");
  });

  it("an alert the service issued only in Spanish: unmarked on a Spanish page, marked on an English one", () => {
    const only = alert(1, {
      language: "es",
      event: "Aviso de Vientos Extremos",
      headline: "Aviso emitido",
      description: "Vientos de 120 mph.",
      instruction: "Refúgiese ya.",
    });
    const es = renderToStaticMarkup(
      <WeatherLive weather={weather({ alerts: [only] })} place={ES} now={NOW} />,
    );
    expect(es).toContain("<bdi>Aviso de Vientos Extremos</bdi>");
    expect(es).toContain(">Refúgiese ya.</p>");
    expect(es).not.toContain('lang="es"');
    const en = renderToStaticMarkup(
      <WeatherLive weather={weather({ alerts: [only] })} place={EN} now={NOW} />,
    );
    expect(en).toContain('<bdi lang="es">Aviso de Vientos Extremos</bdi>');
    expect(en).toContain('lang="es">Refúgiese ya.</p>');
    expect(en).toContain("The National Weather Service&#x27;s text, as issued:");
    // What to do, in English, from its response.
    expect(en).toContain("Take shelter now in a safe place.");
  });

  it("says so in Spanish when live weather or the alerts cannot be had", () => {
    const html = renderToStaticMarkup(
      <WeatherLive
        weather={weather({ current: null, forecast: null, alertsFetchedAt: null })}
        place={ES}
        now={NOW}
      />,
    );
    expect(html).toContain("El tiempo en vivo no está disponible en este momento");
    expect(html).toContain("No se pudieron consultar las alertas en este momento");
    expectNoEnglish(html);
    const calm = weather({ alerts: [], alertsInForce: undefined });
    if (calm.current) calm.current.windSpeed = 0;
    const none = renderToStaticMarkup(<WeatherLive weather={calm} place={ES} now={NOW} />);
    expect(none).toContain("No hay vigilancias, avisos ni advertencias en vigor para Houston.");
    expect(none).toContain("En calma");
    expectNoEnglish(none);
  });

  it("the banner: where and until when in Spanish, the others counted", () => {
    const alerts = Array.from({ length: 5 }, (_, i) => alert(i));
    const html = renderToStaticMarkup(
      <AlertBanner weather={{ alerts, alertsInForce: { total: 5, urgent: 5 } }} place={ES} />,
    );
    expect(html).toContain('aria-label="Alerta del tiempo"');
    expect(html).toContain("<bdi>Aviso de vientos extremos</bdi>");
    expect(html).toContain(" en Houston hasta ");
    expect(html).toContain("y 2 más");
    expect(html).toContain("Alertas del tiempo");
    expectNoEnglish(html);
  });

  it("says what the air feels like, on /weather and home, in the page's language, when it differs", () => {
    const hot = weather();
    if (!hot.current) throw new Error("no conditions");
    hot.current = { ...hot.current, temperature: 93, feelsLike: 102 };
    for (const [place, words] of [
      [EN, "Feels like 102"],
      [ES, "Sensación térmica de 102"],
    ] as const) {
      for (const html of [
        renderToStaticMarkup(<WeatherLive weather={hot} place={place} now={NOW} />),
        renderToStaticMarkup(<WeatherSummary weather={hot} place={place} />),
      ])
        expect(html).toMatch(new RegExp(`${words}\\s?°F`));
    }
    // Nothing when the station gives none, or the same figure as the temperature.
    const same = { ...hot, current: { ...hot.current, feelsLike: 93 } };
    for (const w of [weather(), same])
      expect(renderToStaticMarkup(<WeatherLive weather={w} place={EN} now={NOW} />)).not.toContain(
        "Feels like",
      );
  });

  it("home's summary: heading, high and low, alerts in force with Spanish plurals", () => {
    const html = renderToStaticMarkup(<WeatherSummary weather={weather()} place={ES} />);
    expect(html).toContain("El tiempo en Houston");
    expect(html).toContain("<bdi>Mayormente nublado</bdi>");
    expect(html).toContain("<bdi>Hoy</bdi>:");
    expect(html).toContain("máxima 80°, mínima 65°");
    expect(html).toContain("30 alertas del tiempo en vigor");
    expect(html).toContain("Observado ");
    expect(html).toContain("Pronóstico, alertas y radar");
    expectNoEnglish(html);
    const one = renderToStaticMarkup(
      <WeatherSummary
        weather={weather({ alerts: [alert(1)], alertsInForce: undefined })}
        place={ES}
      />,
    );
    expect(one).toContain("1 alerta del tiempo en vigor");
  });

  it("the climate normals: Spanish headings, rainfall in the locale's digits", () => {
    const history = [{ month: "Ene", high: 63, low: 43, rainfall: 3.4 }];
    const html = renderToStaticMarkup(
      <ClimateHistory city="Houston" history={history} t={translatorFor("es-US")} />,
    );
    expect(html).toContain("Normales climáticas mensuales");
    expect(html).toContain("Temperaturas máximas y mínimas promedio y lluvia en Houston");
    expect(html).toContain("Máxima (°F)");
    expect(html).toContain("3.4");
    expectNoEnglish(html);
  });

  it("writes figures with Intl's units: as before in English, as the locale writes them in Spanish", () => {
    expect(formatFigure(72, "temperature", "us", "en-US")).toBe("72°F");
    expect(formatFigure(10, "speed", "us", "en-US")).toBe("10 mph");
    expect(formatFigure(30.1, "pressure", "us", "en-US")).toBe("30.10 inHg");
    expect(formatFigure(1013, "pressure", "metric", "en-US")).toBe("1013 hPa");
    expect(formatFigure(75, "percent", "us", "en-US")).toBe("75%");
    expect(formatFigure(9.5, "distance", "metric", "en-US")).toBe("9.5 km");
    expect(formatFigure(72, "temperature", "us", "es-US")).toBe("72 °F");
    expect(formatFigure(10, "speed", "us", "es-US")).toBe("10 mi/h");
  });

  it("English pages keep English and no lang marks", () => {
    const html = renderToStaticMarkup(<WeatherLive weather={weather()} place={EN} now={NOW} />);
    expect(html).toContain("Updated 12 minutes ago");
    expect(html).toContain("…and 27 more alerts in force: see them all on");
    expect(html).not.toContain('lang="en"');
    expect(html).toContain("<bdi>Extreme Wind Warning</bdi>");
    // The service's instruction says what to do; the response's words are not added to it.
    expect(html).toContain("Take shelter now.");
    expect(html).not.toContain("in a safe place");
  });
});
