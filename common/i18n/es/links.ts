import type { Area } from "../catalogue";
import type { links as en } from "../en/links";

// Texto de la interfaz en español (links): lo que un enlace dice junto a su texto, y la lista
// vacía de un News Feed (common/i18n/en/links.ts).
export const links: Area<typeof en> = {
  "layout.opensInNewTab": "(se abre en una pestaña nueva)",
  "layout.inLanguage": "en {language}",
  "layout.sponsored": "Patrocinado",
  "news.feed.empty": "Todavía no hay más titulares.",
};
