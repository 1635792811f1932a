import { useMemo } from "react";
import { type MessageKey, type Translator, catalogueFor, translatorFor } from "../../common/i18n";
import { type RelativeWords, relativeWords } from "../../common/i18n/relative";
import { useRootData } from "./root-data";

export type T = Translator<MessageKey>;

/**
 * The page's translator: the interface's text in its edition's language (common/i18n), numbers
 * and plurals in its locale. English where the root's data is absent (a failed render).
 */
export function useT(): T {
  const locale = useRootData()?.site.locale ?? "en-US";
  return useMemo(() => translatorFor(locale), [locale]);
}

/** The words of relative dates in a locale's language (the clock island's, RelativeTime's). */
export function relativeWordsFor(locale: string): RelativeWords {
  return relativeWords(catalogueFor(locale));
}
