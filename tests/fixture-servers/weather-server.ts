import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { TEXT_LIMITS } from "../../common/weather-text";

/**
 * A stand-in for the National Weather Service API (api.weather.gov) and its radar pictures, for
 * the tests and the demo: answers shaped like the real service's (GeoJSON, its unit codes, its
 * problem+json errors, 400 for a query parameter it does not know), for a Houston-like point
 * (grid HGX 65,97, station KIAH, zones TXZ213 and TXC201, radar KHGX), with dates relative to
 * its clock. Tests change what it answers (`set`): alerts, a path that fails with 500, answers
 * that never come, malformed JSON.
 */

export const FIXTURE_ZONES = { forecast: "TXZ213", county: "TXC201" } as const;
export const FIXTURE_STATION = {
  id: "KIAH",
  name: "Houston, Houston Intercontinental Airport",
} as const;

/** An alert as the fixture lists it (the service's fields; times as offsets from now). */
export interface FixtureAlert {
  id: string;
  event: string;
  severity: "Extreme" | "Severe" | "Moderate" | "Minor" | "Unknown";
  headline?: string;
  description?: string;
  instruction?: string | null;
  /** Where it is in force (UGC codes). */
  zones: string[];
  /** Minutes from now: when it took effect (negative: before now) and when it ends. */
  fromMinutes: number;
  untilMinutes: number;
  /**
   * As the NWS writes a warning whose hazard is still to come: minutes from now of its onset
   * (default fromMinutes), of the message's expiry (default untilMinutes) and of the hazard's end
   * (default untilMinutes; null: no known end, as a hurricane warning has).
   */
  onsetMinutes?: number;
  expiresMinutes?: number;
  endsMinutes?: number | null;
  /** The ids of the earlier messages this one updates or cancels. */
  references?: string[];
  urgency?: "Immediate" | "Expected" | "Future" | "Past" | "Unknown";
  response?: "Shelter" | "Evacuate" | "Prepare" | "Execute" | "Avoid" | "Monitor" | "AllClear";
  status?: "Actual" | "Test" | "Exercise";
  messageType?: "Alert" | "Update" | "Cancel";
}

/**
 * A Hurricane Warning as the NWS issues one ahead of landfall: Extreme, Expected, the hazard's
 * onset in 6 h, no known end, and the message to be replaced by the next advisory in 5 h.
 */
export const HURRICANE_WARNING: FixtureAlert = {
  id: "urn:oid:2.49.0.1.840.0.fixture.hurricane",
  event: "Hurricane Warning",
  severity: "Extreme",
  urgency: "Expected",
  response: "Prepare",
  headline: "Hurricane Warning issued by NWS Houston/Galveston TX",
  description:
    "A Hurricane Warning means hurricane-force winds are expected somewhere within this area within the next 36 hours.",
  instruction: "Complete preparations to protect life and property.",
  zones: [FIXTURE_ZONES.county],
  fromMinutes: 0,
  onsetMinutes: 6 * 60,
  untilMinutes: 5 * 60,
  expiresMinutes: 5 * 60,
  endsMinutes: null,
};

/** The demo's alerts: one in force in the city's zone, and the kinds the page must not show. */
export const DEMO_ALERTS: FixtureAlert[] = [
  {
    id: "urn:oid:2.49.0.1.840.0.fixture.flood",
    event: "Flash Flood Warning",
    severity: "Severe",
    response: "Avoid",
    headline: "Flash Flood Warning issued for Harris County until 9:45 PM CST",
    description:
      "Heavy rain from thunderstorms is falling over central Harris County. Between 2 and 3 inches have fallen, and another 1 to 2 inches are possible. Flash flooding is ongoing or expected to begin shortly in low-lying areas, underpasses and along bayous.",
    instruction:
      "Turn around, don't drown when encountering flooded roads. Most flood deaths occur in vehicles. Move to higher ground now.",
    zones: [FIXTURE_ZONES.county],
    fromMinutes: -30,
    untilMinutes: 180,
  },
  {
    id: "urn:oid:2.49.0.1.840.0.fixture.advisory",
    event: "Wind Advisory",
    severity: "Moderate",
    headline: "Wind Advisory issued until 6:00 PM CST",
    description:
      "South winds 20 to 30 mph with gusts up to 45 mph. Unsecured objects may be blown around.",
    instruction: "Use extra caution when driving, especially in a high-profile vehicle.",
    zones: [FIXTURE_ZONES.forecast],
    fromMinutes: -60,
    untilMinutes: 240,
  },
  {
    id: "urn:oid:2.49.0.1.840.0.fixture.expired",
    event: "Dense Fog Advisory",
    severity: "Minor",
    headline: "Dense Fog Advisory that ended this morning",
    zones: [FIXTURE_ZONES.forecast],
    fromMinutes: -600,
    untilMinutes: -240,
  },
  {
    id: "urn:oid:2.49.0.1.840.0.fixture.elsewhere",
    event: "Red Flag Warning",
    severity: "Severe",
    headline: "Red Flag Warning for the Trans-Pecos",
    zones: ["TXZ080"],
    fromMinutes: -60,
    untilMinutes: 300,
  },
  {
    id: "urn:oid:2.49.0.1.840.0.fixture.test",
    event: "Tornado Warning",
    severity: "Extreme",
    headline: "This is a test",
    zones: [FIXTURE_ZONES.county],
    fromMinutes: -5,
    untilMinutes: 30,
    status: "Test",
  },
];

/**
 * 100 Extreme alerts in the city's county with every text at its cap (TEXT_LIMITS), their ids
 * named by `tag` (a new tag, new alerts): what an attack on the pages or the live channel sends.
 */
export function alertsAtTheCaps(tag: string): FixtureAlert[] {
  const base = DEMO_ALERTS[0] as FixtureAlert;
  const words = (n: number) => "Flooding ".repeat(Math.ceil(n / 9)).slice(0, n);
  return Array.from({ length: 100 }, (_, i) => ({
    ...base,
    id: `urn:oid:${tag}.${i}.${"x".repeat(150)}`,
    severity: "Extreme" as const,
    headline: words(TEXT_LIMITS.headline),
    description: words(TEXT_LIMITS.description),
    instruction: words(TEXT_LIMITS.instruction),
  }));
}

/**
 * A calm day: the demo's alerts without the flash flood warning (the wind advisory stays, with
 * the kinds the page must not show). No alert is Extreme or Severe: no banner, no storm mode.
 */
export const CALM_ALERTS: FixtureAlert[] = DEMO_ALERTS.filter(
  (alert) => !alert.id.endsWith(".flood"),
);

export interface WeatherFixtureState {
  alerts: FixtureAlert[];
  /** Paths (without query) answered 500 with a problem+json body. */
  failing: Set<string>;
  /** Paths answered with a body that is not JSON. */
  malformed: Set<string>;
  /** Paths never answered (the client's deadline must end the wait). */
  hanging: Set<string>;
  /** Cache-Control max-age of every answer, in seconds. */
  maxAgeSeconds: number;
  /** The observation's age, in minutes. */
  observationAgeMinutes: number;
  /** The observation's heat index in °C (a hot, humid afternoon: 38.9 is 102 °F); null: none. */
  heatIndexC: number | null;
  /** The point's links lead off the service (a client must not follow them). */
  foreignLinks: boolean;
  /** The short forecasts of its days, day and night, from today (repeated past their end). */
  forecasts: readonly (readonly [day: string, night: string])[];
}

export interface WeatherServer {
  url: string;
  port: number;
  /** Requests by path (and query), in order. */
  requests: string[];
  /** When each came (ms since the epoch, the real clock), in the same order. */
  requestTimes: number[];
  /** Their headers, in the same order. */
  headers: Record<string, string | undefined>[];
  /** Changes what it answers from now on. */
  set(change: Partial<WeatherFixtureState>): void;
  close(): Promise<void>;
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** The words of its observation. */
export const FIXTURE_OBSERVATION_TEXT = "Mostly Cloudy";

/** The short forecasts of its days, day and night (the service's words). */
export const FIXTURE_FORECASTS = [
  ["Chance Showers And Thunderstorms", "Showers And Thunderstorms Likely"],
  ["Mostly Cloudy", "Partly Cloudy"],
  ["Sunny", "Clear"],
  ["Breezy. Partly Sunny", "Mostly Clear"],
  ["Patchy Fog then Mostly Sunny", "Mostly Cloudy"],
  ["Slight Chance Rain Showers", "Chance Rain Showers"],
  ["Mostly Sunny", "Partly Cloudy"],
] as const;

/** An ISO time with the city's offset (-06:00 in winter, -05:00 in summer, as Houston). */
function localIso(ms: number, offsetHours: number): string {
  const shifted = new Date(ms + offsetHours * 3600_000).toISOString().slice(0, 19);
  const sign = offsetHours < 0 ? "-" : "+";
  return `${shifted}${sign}${String(Math.abs(offsetHours)).padStart(2, "0")}:00`;
}

/**
 * Starts the fixture on a free loopback port. `now` is its clock (the tests' fake one, or the
 * real time in the demo).
 */
export async function startWeatherServer(
  options: { now?: () => number; alerts?: FixtureAlert[] } = {},
): Promise<WeatherServer> {
  const now = options.now ?? Date.now;
  const state: WeatherFixtureState = {
    alerts: options.alerts ?? DEMO_ALERTS,
    failing: new Set(),
    malformed: new Set(),
    hanging: new Set(),
    maxAgeSeconds: 60,
    observationAgeMinutes: 20,
    heatIndexC: null,
    foreignLinks: false,
    forecasts: FIXTURE_FORECASTS,
  };
  const requests: string[] = [];
  const requestTimes: number[] = [];
  const requestHeaders: Record<string, string | undefined>[] = [];
  const hanging = new Set<ServerResponse>();
  let base = "";
  const radar = await radarGif();

  const problem = (res: ServerResponse, status: number, title: string, detail: string) => {
    res.writeHead(status, { "content-type": "application/problem+json" });
    res.end(
      JSON.stringify({
        correlationId: "fixture",
        title,
        type: "https://api.weather.gov/problems/UnexpectedProblem",
        status,
        detail,
        instance: `${base}/requests/fixture`,
      }),
    );
  };
  const geo = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, {
      "content-type": "application/geo+json",
      "cache-control": `public, max-age=${state.maxAgeSeconds}, s-maxage=${state.maxAgeSeconds}`,
    });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", base);
    requests.push(url.pathname + url.search);
    requestTimes.push(Date.now());
    requestHeaders.push({ "user-agent": req.headers["user-agent"], accept: req.headers.accept });
    const path = url.pathname;
    if (state.hanging.has(path)) {
      hanging.add(res);
      return;
    }
    if (state.failing.has(path))
      return problem(res, 500, "Unexpected Problem", "An unexpected problem has occurred.");
    if (state.malformed.has(path)) {
      res.writeHead(200, { "content-type": "application/geo+json" });
      res.end('{"properties": {"periods": [');
      return;
    }
    const known = (names: string[]) => [...url.searchParams.keys()].every((k) => names.includes(k));
    const t = now();
    const grid = `${state.foreignLinks ? "http://weather.invalid" : base}/gridpoints/HGX/65,97`;

    if (/^\/points\/-?\d+(\.\d{1,4})?,-?\d+(\.\d{1,4})?$/.test(path)) {
      if (!known([])) return problem(res, 400, "Bad Request", "Unknown query parameter");
      return geo(res, {
        id: `${base}${path}`,
        type: "Feature",
        properties: {
          "@id": `${base}${path}`,
          "@type": "wx:Point",
          cwa: "HGX",
          forecastOffice: `${base}/offices/HGX`,
          gridId: "HGX",
          gridX: 65,
          gridY: 97,
          forecast: `${grid}/forecast`,
          forecastHourly: `${grid}/forecast/hourly`,
          forecastGridData: grid,
          observationStations: `${grid}/stations`,
          relativeLocation: { type: "Feature", properties: { city: "Houston", state: "TX" } },
          forecastZone: `${base}/zones/forecast/${FIXTURE_ZONES.forecast}`,
          county: `${base}/zones/county/${FIXTURE_ZONES.county}`,
          fireWeatherZone: `${base}/zones/fire/TXZ213`,
          timeZone: "America/Chicago",
          radarStation: "KHGX",
        },
      });
    }
    if (path === "/gridpoints/HGX/65,97/stations") {
      return geo(res, {
        type: "FeatureCollection",
        features: [FIXTURE_STATION, { id: "KHOU", name: "Houston, William P. Hobby Airport" }].map(
          (s) => ({
            id: `${base}/stations/${s.id}`,
            type: "Feature",
            properties: {
              "@id": `${base}/stations/${s.id}`,
              stationIdentifier: s.id,
              name: s.name,
              timeZone: "America/Chicago",
            },
          }),
        ),
        observationStations: [`${base}/stations/KIAH`, `${base}/stations/KHOU`],
      });
    }
    if (path === "/stations/KIAH/observations/latest") {
      const observed = t - state.observationAgeMinutes * 60_000;
      const q = (unitCode: string, value: number | null) => ({
        unitCode,
        value,
        qualityControl: "V",
      });
      return geo(res, {
        id: `${base}/stations/KIAH/observations/${new Date(observed).toISOString()}`,
        type: "Feature",
        properties: {
          station: `${base}/stations/KIAH`,
          timestamp: new Date(observed).toISOString().replace(".000Z", "+00:00"),
          textDescription: FIXTURE_OBSERVATION_TEXT,
          temperature: q("wmoUnit:degC", 22.2),
          dewpoint: q("wmoUnit:degC", 17.2),
          windDirection: q("wmoUnit:degree_(angle)", 140),
          windSpeed: q("wmoUnit:km_h-1", 14.8),
          windGust: q("wmoUnit:km_h-1", null),
          barometricPressure: q("wmoUnit:Pa", 101660),
          seaLevelPressure: q("wmoUnit:Pa", 101650),
          visibility: q("wmoUnit:m", 16090),
          relativeHumidity: q("wmoUnit:percent", 72.5),
          heatIndex: q("wmoUnit:degC", state.heatIndexC),
          windChill: q("wmoUnit:degC", null),
        },
      });
    }
    if (path === "/gridpoints/HGX/65,97/forecast") {
      if (!known(["units"])) return problem(res, 400, "Bad Request", "Unknown query parameter");
      const offset = -6;
      const local = new Date(t + offset * 3600_000);
      const midnight =
        Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) -
        offset * 3600_000;
      const periods = Array.from({ length: 14 }, (_, i) => {
        const day = Math.floor(i / 2);
        const isDaytime = i % 2 === 0;
        const start = midnight + day * 86_400_000 + (isDaytime ? 6 : 18) * 3600_000;
        const weekday = DAY_NAMES[(local.getUTCDay() + day) % 7] as string;
        const [dayText, nightText] =
          state.forecasts[day % state.forecasts.length] ?? FIXTURE_FORECASTS[0];
        return {
          number: i + 1,
          name:
            day === 0
              ? isDaytime
                ? "Today"
                : "Tonight"
              : isDaytime
                ? weekday
                : `${weekday} Night`,
          startTime: localIso(start, offset),
          endTime: localIso(start + 12 * 3600_000, offset),
          isDaytime,
          temperature: isDaytime ? 78 + ((day * 3) % 7) : 62 + ((day * 5) % 6),
          temperatureUnit: "F",
          temperatureTrend: "",
          probabilityOfPrecipitation: { unitCode: "wmoUnit:percent", value: day === 0 ? 60 : null },
          windSpeed: "10 to 15 mph",
          windDirection: "SE",
          icon: `${base}/icons/land/day/tsra,60?size=medium`,
          shortForecast: isDaytime ? dayText : nightText,
          detailedForecast: "",
        };
      });
      return geo(res, {
        type: "Feature",
        properties: {
          units: "us",
          forecastGenerator: "BaselineForecastGenerator",
          generatedAt: new Date(t).toISOString(),
          updateTime: new Date(t - 3600_000).toISOString(),
          periods,
        },
      });
    }
    if (path === "/alerts/active") {
      if (!known(["area", "zone", "point"]))
        return problem(res, 400, "Bad Request", "Unknown query parameter");
      const area = url.searchParams.get("area");
      const features = state.alerts
        .filter((a) => !area || a.zones.every((z) => z.startsWith(area)))
        .map((a) => ({
          id: `${base}/alerts/${a.id}`,
          type: "Feature",
          geometry: null,
          properties: {
            "@id": `${base}/alerts/${a.id}`,
            "@type": "wx:Alert",
            id: a.id,
            areaDesc: a.zones.includes(FIXTURE_ZONES.county) ? "Harris, TX" : "Inland Harris, TX",
            geocode: { SAME: ["048201"], UGC: a.zones },
            affectedZones: a.zones.map(
              (z) => `${base}/zones/${z.includes("C") ? "county" : "forecast"}/${z}`,
            ),
            references: (a.references ?? []).map((identifier) => ({
              "@id": `${base}/alerts/${identifier}`,
              identifier,
              sender: "w-nws.webmaster@noaa.gov",
              sent: localIso(t + a.fromMinutes * 60_000, -6),
            })),
            sent: localIso(t + a.fromMinutes * 60_000, -6),
            effective: localIso(t + a.fromMinutes * 60_000, -6),
            onset: localIso(t + (a.onsetMinutes ?? a.fromMinutes) * 60_000, -6),
            expires: localIso(t + (a.expiresMinutes ?? a.untilMinutes) * 60_000, -6),
            ends:
              a.endsMinutes === null
                ? null
                : localIso(t + (a.endsMinutes ?? a.untilMinutes) * 60_000, -6),
            status: a.status ?? "Actual",
            messageType: a.messageType ?? "Alert",
            category: "Met",
            severity: a.severity,
            certainty: "Likely",
            urgency: a.urgency ?? "Immediate",
            event: a.event,
            sender: "w-nws.webmaster@noaa.gov",
            senderName: "NWS Houston/Galveston TX",
            headline: a.headline ?? a.event,
            description: a.description ?? "",
            instruction: a.instruction ?? null,
            response: a.response ?? "Execute",
            parameters: {},
          },
        }));
      return geo(res, {
        type: "FeatureCollection",
        features,
        title: "Current watches, warnings, and advisories",
      });
    }
    if (path === "/ridge/standard/KHGX_0.gif") {
      res.writeHead(200, { "content-type": "image/gif", "cache-control": "max-age=120" });
      res.end(radar);
      return;
    }
    problem(res, 404, "Not Found", `No fixture answers ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    requests,
    requestTimes,
    headers: requestHeaders,
    set(change) {
      Object.assign(state, change);
      // Answers held back are let go once their path no longer hangs.
      if (change.hanging) for (const res of hanging) if (!res.writableEnded) res.destroy();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A radar-like picture (a map's grey, two green and yellow echoes), made once, as a GIF. */
async function radarGif(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="550">
    <rect width="600" height="550" fill="#d9d9d9"/>
    <path d="M0 380 C120 360 240 420 360 400 S560 430 600 420 L600 550 L0 550Z" fill="#a9c7e8"/>
    <ellipse cx="300" cy="250" rx="120" ry="70" fill="#3fae49" opacity="0.8"/>
    <ellipse cx="330" cy="240" rx="50" ry="30" fill="#f2d30f"/>
    <ellipse cx="180" cy="160" rx="60" ry="35" fill="#3fae49" opacity="0.7"/>
    <circle cx="300" cy="275" r="5" fill="#222"/>
  </svg>`;
  return sharp(Buffer.from(svg)).gif().toBuffer();
}
