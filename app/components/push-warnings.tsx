import { useId } from "react";
import { translatorFor, type Translator } from "../../common/i18n";
import type { MessageKey } from "../../common/i18n";
import type { PushWords } from "~/islands/lib/push-warnings";
import type { WeatherContent } from "../../sites/content";
import { useSite } from "~/lib/root-data";
import { IslandProps, IslandScript } from "./island";

/** What the island says as the form's state changes, in a locale's language (the JSON after it). */
export function pushWords(t: Translator<MessageKey>): PushWords {
  return {
    asking: t("weather.pushAsking"),
    working: t("weather.pushWorking"),
    // The island puts the zones' names in ("{zones}" kept as it is).
    on: t("weather.pushOn", { zones: "{zones}" }),
    off: t("weather.pushOff"),
    turningOff: t("weather.pushTurningOff"),
    blocked: t("weather.pushBlocked"),
    dismissed: t("weather.pushDismissed"),
    chooseZone: t("weather.pushChooseZone"),
    failed: t("weather.pushFailed"),
    failedUnavailable: t("weather.pushFailedUnavailable"),
    failedTooMany: t("weather.pushFailedTooMany"),
    failedZones: t("weather.pushFailedZones"),
    failedBrowser: t("weather.pushFailedBrowser"),
    offFailed: t("weather.pushOffFailed"),
  };
}

/** The form's buttons (44 px high: a touch target; the site's focus ring). */
const BUTTON = "inline-flex min-h-11 items-center px-4 font-semibold hover:underline";

/**
 * Warnings by Web Push (issue 52): "Warn me about:" with a box for each of the city's NWS alert
 * zones (its data's `alertZones`, named in the edition's language; the most local, first, ticked)
 * and "Turn on warnings". The push-warnings island (app/islands/lib/push-warnings.ts) makes it
 * work: it asks for permission, subscribes the site's service worker and tells the edition's API
 * (`{prefix}/api/push/subscriptions`), then says "Warnings on for: …" with "Change" and "Turn off".
 * Without JavaScript it is not shown (nothing here could work); where the browser cannot get
 * pushes the island hides it, and where notifications are blocked it says so. Null for a city
 * that offers no zones.
 */
export function PushWarnings({
  zones,
  className = "",
}: {
  zones: WeatherContent["alertZones"];
  className?: string;
}) {
  const { site, edition } = useSite();
  const id = useId();
  if (!zones || zones.length === 0) return null;
  const t = translatorFor(site.locale);
  return (
    <>
      <section
        aria-labelledby={`${id}h`}
        data-push-warnings=""
        // The edition's API (/es/api/push/… for the Spanish one under /es).
        data-base={edition?.path ?? ""}
        // A city's editions share their host's service worker, and so one choice.
        data-site={site.id.split(".")[0]}
        className={`border border-rule bg-white p-4 noscript:hidden ${className}`.trim()}
      >
        <h3 id={`${id}h`} className="font-serif text-xl font-bold">
          {t("weather.pushHeading")}
        </h3>
        <form className="mt-2">
          <ZoneChoices legend={t("weather.pushWarnMeAbout")} zones={zones} />
          <PushButtons t={t} />
        </form>
        <p role="status" data-push-status="" className="mt-2 font-semibold" />
        <p className="mt-2 text-sm text-muted">{t("weather.pushNote")}</p>
        <IslandScript name="push-warnings" />
      </section>
      {/* Its words, as JSON after it (in an attribute, each quote was written &quot;). */}
      <IslandProps value={pushWords(t)} />
    </>
  );
}

/** "Warn me about:" and a box for each zone, the first (the most local) ticked. */
function ZoneChoices({
  legend,
  zones,
}: {
  legend: string;
  zones: NonNullable<WeatherContent["alertZones"]>;
}) {
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <ul className="mt-1 flex flex-wrap gap-x-6">
        {zones.map((zone, i) => (
          <li key={zone.code}>
            <label className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                name="zone"
                value={zone.code}
                data-name={zone.name}
                defaultChecked={i === 0}
                className="size-6 accent-accent"
              />
              {zone.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * "Turn on warnings", and the "Change" and "Turn off" that the island shows in its place once
 * warnings are on (`data-push-action` names each for it).
 */
function PushButtons({ t }: { t: Translator<MessageKey> }) {
  return (
    <p className="mt-2 flex flex-wrap gap-3">
      {/* type=submit: Enter in a box turns warnings on too (the island stops the post). */}
      <button type="submit" data-push-action="on" className={`${BUTTON} bg-accent text-white`}>
        {t("weather.pushTurnOn")}
      </button>
      <button
        type="button"
        data-push-action="change"
        hidden
        className={`${BUTTON} bg-accent text-white`}
      >
        {t("weather.pushChange")}
      </button>
      <button
        type="button"
        data-push-action="off"
        hidden
        className={`${BUTTON} border-2 border-accent bg-white text-accent`}
      >
        {t("weather.pushTurnOff")}
      </button>
    </p>
  );
}
