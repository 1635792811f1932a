import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { SOCIAL_IMAGE_PATH, SocialImages, type SocialImage } from "../images/social-image";
import { plain } from "./answers";
import { isRead, type CityExchange, type Handler } from "./exchange";
import { SECURITY_HEADERS } from "./headers";
import type { Refusal } from "./refusals";
import { sendRefusal, serverText } from "./refusals";
import { notModified } from "./static-files";

/** A card is drawn from the site's name only: a day in browsers and shared caches. */
const CARD_CACHE_CONTROL = "public, max-age=86400";

/**
 * Answers a GET or HEAD for a card: the PNG with its ETag, or 304 when the reader holds it. Under
 * the document security headers (a PNG opened on its own is still a page of this origin).
 */
export function serveSocialImage(
  req: IncomingMessage,
  res: ServerResponse,
  image: SocialImage,
): void {
  if (notModified(req.headers["if-none-match"], image.etag)) {
    res.writeHead(304, { ETag: image.etag, "Cache-Control": CARD_CACHE_CONTROL });
    res.end();
    return;
  }
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": "image/png",
    "Content-Length": String(image.body.length),
    "Cache-Control": CARD_CACHE_CONTROL,
    ETag: image.etag,
  });
  res.end(req.method === "HEAD" ? undefined : image.body);
}

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
