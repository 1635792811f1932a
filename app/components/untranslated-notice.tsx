import type { ReactNode } from "react";
import { useMatches } from "react-router";
import { useT } from "~/lib/i18n";
import { languageName, primaryLanguage } from "~/lib/language";
import { useRootData } from "~/lib/root-data";

/** The language the network's own texts are written in: the specification's. */
const ORIGINAL = "en-US";

/** Which static page's content each route shows (sites/editions.ts CONTENT_PAGES). */
const CONTENT_OF: Readonly<Record<string, string>> = {
  faq: "faq",
  about: "about",
  corrections: "corrections",
  weather: "weather",
  partners: "partners",
  contact: "contact",
  careers: "careers",
  "privacy-policy": "legal",
  "terms-of-service": "legal",
  privacy: "legal",
  terms: "legal",
};

/**
 * A page of an edition whose content has no translation yet (the edition's `untranslated`): it is
 * shown as the network wrote it, marked with that language (`lang`), under a line that says so
 * in the edition's language; never mixed silently. Other pages are rendered as they are.
 */
export function UntranslatedNotice({ children }: { children: ReactNode }) {
  const t = useT();
  const site = useRootData()?.site;
  const id = useMatches().at(-1)?.id ?? "";
  const page = CONTENT_OF[id];
  if (!site || !page || !site.untranslated?.includes(page)) return <>{children}</>;
  // Each language named in the edition's ("español", "inglés"), else by its code.
  const name = (tag: string) => languageName(tag, site.locale) ?? primaryLanguage(tag);
  return (
    <>
      <p className="mb-6 border-l-4 border-accent bg-stone-100 p-3 text-sm" role="note">
        {t("edition.untranslated", { language: name(site.locale), original: name(ORIGINAL) })}
      </p>
      <div lang={ORIGINAL}>{children}</div>
    </>
  );
}
