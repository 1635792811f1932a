import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/** Features this site never uses; denied to every frame, ours and third parties'. */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** Gives each response a fresh CSP nonce in res.locals.nonce (used by React Router's inline scripts). */
export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers. The CSP admits scripts from this origin and inline scripts carrying this
 * response's nonce. Images come from any https origin (feed photos are other publishers' images),
 * and frames from https origins (the configured third-party embeds).
 * In development the CSP is left off: Vite's HMR injects scripts of its own.
 * Hashed assets (under `assetsPrefix`) get only the headers that matter for a script or a
 * stylesheet: a page load fetches twenty of them, and a dozen document headers on each would
 * weigh more than some of the files.
 */
export function securityHeaders(isDev: boolean, assetsPrefix = "/assets/"): RequestHandler {
  const documentHeaders = helmet({
    contentSecurityPolicy: isDev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as unknown as Response).locals.nonce}'`,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "https:"],
            mediaSrc: ["'self'"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            frameSrc: ["https:"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'self'"],
          },
        },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Third-party embeds (video, forms, documents) must be able to load in our pages.
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => {
    if (req.path.startsWith(assetsPrefix)) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      next();
      return;
    }
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    documentHeaders(req, res, next);
  };
}
