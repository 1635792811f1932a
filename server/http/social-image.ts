import type { Logger } from "pino";
import { SOCIAL_IMAGE_PATH, SocialImages, serveSocialImage } from "../images/social-image";
import { plain } from "./answers";
import { isRead, type CityExchange, type Handler } from "./exchange";
import type { Refusal } from "./refusals";
import { sendRefusal, serverText } from "./refusals";

/**
 * The city's picture for links shared on social sites (`/social.png`), drawn once per city from
 * its name and colours (server/images/social-image.ts) and kept.
 */
export function socialImage(logger: Logger): Handler<CityExchange> {
  const images = new SocialImages();
  return ({ req, res, pathname, city }) => {
    if (pathname !== SOCIAL_IMAGE_PATH || !isRead(req)) return false;
    let site;
    try {
      site = city().site;
    } catch (error) {
      sendRefusal(res, error as Refusal);
      return true;
    }
    images.get(site.id, site).then(
      (image) => serveSocialImage(req, res, image),
      (err: unknown) => {
        logger.error({ err, site: site.id }, "social image failed");
        plain(res, 500, serverText("server.internalError", site.locale));
      },
    );
    return true;
  };
}
