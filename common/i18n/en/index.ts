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

/**
 * The English catalogue: the specification's text. Its keys are every catalogue's keys; each
 * area is a file of its own (the parts of the site that use it), its keys prefixed by the area
 * (but `core`'s time.* and `links`, whose keys keep their areas' names: links.ts says why).
 */
export const en = {
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
} as const;
