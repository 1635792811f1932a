import type { CatalogueOf } from "../catalogue";
import type { en } from "../en";
import { core } from "./core";
import { layout } from "./layout";
import { links } from "./links";
import { news } from "./news";
import { weather } from "./weather";
import { radio } from "./radio";
import { forms } from "./forms";
import { pages } from "./pages";
import { meta } from "./meta";
import { server } from "./server";
import { pushMessage } from "./push-message";
import { briefing } from "./briefing";

/** El catálogo español (es): las mismas claves que el inglés, área por área. */
export const es: CatalogueOf<typeof en> = {
  ...core,
  ...layout,
  ...links,
  ...news,
  ...weather,
  ...radio,
  ...forms,
  ...pages,
  ...meta,
  ...server,
  ...pushMessage,
  ...briefing,
};
