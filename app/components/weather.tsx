import {
  CloudIcon,
  CloudRainIcon,
  InfoIcon,
  ModerateIcon,
  SevereIcon,
  SunIcon,
  WindIcon,
} from "./weather-icons";
import type { WeatherCondition, WeatherContent } from "../../sites/content";

/** A section heading of the weather page, ruled above as on a newspaper page. */
export const WEATHER_H2 = "mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold";

const CONDITIONS: Record<WeatherCondition, { label: string; Icon: typeof SunIcon }> = {
  sunny: { label: "Sunny", Icon: SunIcon },
  cloudy: { label: "Cloudy", Icon: CloudIcon },
  rainy: { label: "Rainy", Icon: CloudRainIcon },
  windy: { label: "Windy", Icon: WindIcon },
};

type Severity = WeatherContent["alerts"][number]["severity"];

/** Severity shows as an icon and a word as well as a colour. */
const SEVERITY: Record<Severity, { label: string; Icon: typeof SunIcon; className: string }> = {
  severe: {
    label: "Severe",
    Icon: SevereIcon,
    className: "border-l-8 border-red-700 bg-red-50 text-red-900",
  },
  moderate: {
    label: "Moderate",
    Icon: ModerateIcon,
    className: "border-l-4 border-amber-600 bg-amber-50 text-amber-950",
  },
  minor: {
    label: "Minor",
    Icon: InfoIcon,
    className: "border-l-2 border-sky-700 bg-sky-50 text-sky-950",
  },
};

function Condition({ condition, size = 20 }: { condition: WeatherCondition; size?: number }) {
  const { label, Icon } = CONDITIONS[condition];
  return (
    <span className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" size={size} />
      {label}
    </span>
  );
}

/** Current conditions: temperature, condition and the five facts of SPEC.md §3. */
export function CurrentConditions({
  current,
}: {
  current: NonNullable<WeatherContent["current"]>;
}) {
  const facts: [string, string][] = [
    ["Humidity", `${current.humidity}%`],
    ["Wind", `${current.windSpeed} mph ${current.windDirection}`],
    ["Pressure", `${current.pressure.toFixed(2)} inHg`],
    ["Visibility", `${current.visibility} mi`],
    ["UV index", String(current.uvIndex)],
  ];
  return (
    <section aria-labelledby="current">
      <h2 id="current" className={WEATHER_H2}>
        Current Conditions
      </h2>
      <p className="flex items-center gap-4">
        <span className="font-serif text-6xl font-bold">{current.temperature}°F</span>
        <span className="text-xl">
          <Condition condition={current.condition} size={28} />
        </span>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="bg-stone-100 p-3">
            <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Weather alerts, each severity shown by an icon and a word as well as a colour. */
export function WeatherAlerts({ alerts }: { alerts: WeatherContent["alerts"] }) {
  return (
    <section aria-labelledby="alerts">
      <h2 id="alerts" className={WEATHER_H2}>
        Weather Alerts
      </h2>
      <ul className="space-y-3">
        {alerts.map((alert) => {
          const { label, Icon, className } = SEVERITY[alert.severity];
          return (
            <li key={alert.type} className={`p-4 ${className}`} data-severity={alert.severity}>
              <p className="flex items-center gap-2 font-bold">
                <Icon aria-hidden="true" size={20} />
                <span>{label}:</span> {alert.type}
              </p>
              <p className="mt-1 text-[0.95rem]">{alert.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The 7-day forecast (SPEC.md §9). */
export function Forecast({ days }: { days: NonNullable<WeatherContent["forecast"]> }) {
  return (
    <section aria-labelledby="forecast" className="mt-10">
      <h2 id="forecast" className={WEATHER_H2}>
        7-Day Forecast
      </h2>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {days.map((day) => (
          <li key={day.day} className="border border-rule bg-white p-3 text-center">
            <p className="font-semibold">{day.day}</p>
            <p className="my-2 text-sm">
              <Condition condition={day.condition} />
            </p>
            <p>
              <span className="font-bold">{day.high}°</span> <span className="sr-only">high, </span>
              <span className="text-muted">{day.low}°</span>
              <span className="sr-only"> low</span>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The monthly climate table (scrollable on narrow screens, so reachable by keyboard). */
export function ClimateHistory({
  city,
  history,
}: {
  city: string;
  history: NonNullable<WeatherContent["history"]>;
}) {
  return (
    <section aria-labelledby="history" className="mt-10">
      <h2 id="history" className={WEATHER_H2}>
        Monthly Climate History
      </h2>
      <div className="overflow-x-auto" role="region" aria-labelledby="history" tabIndex={0}>
        <table className="w-full border-collapse text-left">
          <caption className="mb-2 text-left text-sm text-muted">
            Average high and low temperatures and rainfall in {city}
          </caption>
          <thead>
            <tr className="border-b-2 border-ink">
              <th scope="col" className="py-2 pr-4">
                Month
              </th>
              <th scope="col" className="py-2 pr-4">
                High (°F)
              </th>
              <th scope="col" className="py-2 pr-4">
                Low (°F)
              </th>
              <th scope="col" className="py-2">
                Rain (in)
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((row) => (
              <tr key={row.month} className="border-b border-rule">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {row.month}
                </th>
                <td className="py-2 pr-4">{row.high}</td>
                <td className="py-2 pr-4">{row.low}</td>
                <td className="py-2">{row.rainfall.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
