import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { CACHE_CONTROL } from "../../common/cache-control";
import { AppIcons, iconAt } from "../offline/icons";
import { MANIFEST_PATH, MANIFEST_TYPE, webManifest } from "../offline/manifest";
import { brandOf } from "../../sites/brand";
import { plain } from "./answers";
import { isRead, type CityExchange, type Handler } from "./exchange";
import { SECURITY_HEADERS } from "./headers";
import { sendRefusal, serverText, type Refusal } from "./refusals";
import { serveSocialImage } from "./social-image";
import { notModified } from "./static-files";

/** An edition's manifest: its JSON, and the headers of a 200 (its ETag among them). */
function manifestAnswer(req: IncomingMessage, res: ServerResponse, body: string): void {
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  // An hour, as the other files that may change between releases: a renamed city's app is
  // renamed within the hour (browsers also check an installed app's manifest on their own).
  if (notModified(req.headers["if-none-match"], etag)) {
    res.writeHead(304, { ETag: etag, "Cache-Control": CACHE_CONTROL.file });
    res.end();
    return;
  }
  const bytes = Buffer.from(body);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": MANIFEST_TYPE,
    "Content-Length": String(bytes.length),
    "Cache-Control": CACHE_CONTROL.file,
    ETag: etag,
  });
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/**
 * The offline storm kit's files of a city's edition (issue 52): its web app manifest
 * (`/manifest.webmanifest`, `/es/manifest.webmanifest`: the edition's language, home and weather
 * page) and the city's icons (`/icon-192.png`, `/icon-maskable-512.png`…), drawn from its brand
 * once and kept (server/offline/). The service worker itself is a file of the build (`/sw.js`,
 * static-files.ts).
 */
export function offlineKit(logger: Logger): Handler<CityExchange> {
  const icons = new AppIcons();
  return ({ req, res, pathname, city }) => {
    const icon = pathname === MANIFEST_PATH ? undefined : iconAt(pathname);
    if ((pathname !== MANIFEST_PATH && !icon) || !isRead(req)) return false;
    let services;
    try {
      services = city();
    } catch (error) {
      sendRefusal(res, error as Refusal);
      return true;
    }
    const { site, edition } = services;
    if (!icon) {
      manifestAnswer(req, res, JSON.stringify(webManifest(site, edition)));
      return true;
    }
    icons.get(brandOf(site), icon).then(
      (drawn) => serveSocialImage(req, res, drawn),
      (err: unknown) => {
        logger.error({ err, site: site.id }, "app icon failed");
        plain(res, 500, serverText("server.internalError", site.locale));
      },
    );
    return true;
  };
}
