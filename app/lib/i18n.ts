import { useMemo } from "react";
import { type MessageKey, type Translator, translatorFor } from "../../common/i18n";
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
