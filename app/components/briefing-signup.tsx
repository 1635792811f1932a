import { useId } from "react";
import { BRIEFING_PATH, EMAIL_FIELD, HONEYPOT_FIELD, briefingTime } from "../../common/briefing";
import { useT } from "~/lib/i18n";
import { useSite } from "~/lib/root-data";

/**
 * The morning briefing's sign-up form (issue 54): an address and a button, posted as a plain
 * form to the edition's `/briefing` (server/http/briefing.ts answers with a page of its own), so
 * it works without JavaScript. While sign-ups are closed (no SMTP_URL) it is shown, and says so.
 * `tone`: on the page's paper, or on the footer's ink. `compact`: on a phone, its heading and
 * one row (the pitch and the note on keeping addresses from 640 px, and on the pages the post
 * leads to): home's, which must keep the page under 7,000 px (page-fit.spec).
 */
export function BriefingSignup({
  tone = "paper",
  compact = false,
  className = "",
}: {
  tone?: "paper" | "ink";
  compact?: boolean;
  className?: string;
}) {
  const { site, edition, briefing } = useSite();
  const t = useT();
  const id = useId();
  const ink = tone === "ink";
  const small = compact ? "max-sm:hidden" : "";
  const heading = ink
    ? "mb-3 font-sans text-sm font-bold tracking-wider text-white uppercase"
    : `font-serif font-bold ${compact ? "text-base sm:text-xl" : "text-xl"}`;
  const box = ink
    ? ""
    : `border border-rule bg-white p-4 ${compact ? "max-sm:border-0 max-sm:bg-transparent max-sm:p-0" : ""}`;
  return (
    <section
      aria-labelledby={`${id}h`}
      data-briefing-signup=""
      className={`${box} ${className}`.replace(/\s+/g, " ").trim()}
    >
      <h2 id={`${id}h`} className={heading}>
        {t("briefing.heading")}
      </h2>
      <p className={`mt-1 text-sm ${ink ? "text-stone-200" : ""} ${small}`.trim()}>
        {t("briefing.pitch", { site: site.name, time: briefingTime(briefing.hour, site.locale) })}
      </p>
      {briefing.open ? (
        <BriefingForm
          id={id}
          action={`${edition.path}${BRIEFING_PATH}`}
          ink={ink}
          compact={compact}
        />
      ) : (
        <p className={`mt-2 text-sm font-semibold ${ink ? "text-white" : ""}`.trim()}>
          {t("briefing.closed")}
        </p>
      )}
    </section>
  );
}

/**
 * The sign-up form itself: the address, the button, the hidden honeypot (a bot that fills every
 * field gives itself away) and the note on keeping addresses. `id` prefixes its fields' ids.
 */
function BriefingForm({
  id,
  action,
  ink,
  compact,
}: {
  id: string;
  action: string;
  ink: boolean;
  compact: boolean;
}) {
  const t = useT();
  return (
    <form method="post" action={action} className="mt-1 sm:mt-2">
      <label
        htmlFor={`${id}e`}
        className={`block text-sm font-semibold ${compact ? "max-sm:sr-only" : ""}`.trim()}
      >
        {t("briefing.email")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}e`}
          name={EMAIL_FIELD}
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          // Its label's words in the box where the label is hidden (a phone).
          placeholder={compact ? t("briefing.email") : undefined}
          className={`min-h-11 min-w-0 flex-1 rounded border border-stone-400 bg-white px-3 text-ink placeholder:text-muted ${compact ? "sm:placeholder:text-transparent" : ""}`.trim()}
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded bg-accent px-4 font-semibold text-white hover:underline"
        >
          {t("briefing.signUp")}
        </button>
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}w`}>{t("forms.website")}</label>
        <input id={`${id}w`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p
        className={`mt-1 text-xs ${ink ? "text-stone-300" : "text-muted"} ${compact ? "max-sm:hidden" : ""}`.trim()}
      >
        {t("briefing.kept")}
      </p>
    </form>
  );
}
