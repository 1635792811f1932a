// English interface text (server), exactly the specification's (docs/product.md): the short plain-text
// answers of refused requests (server/http/).
export const server = {
  "server.badRequest": "Bad request",
  "server.uriTooLong": "URI too long",
  "server.methodNotAllowed": "Method not allowed",
  "server.formType": "Forms are sent as application/x-www-form-urlencoded",
  "server.bodyTooLarge": "Request body too large",
  "server.crossOrigin": "Bad request: forms are sent from this site's own pages",
  "server.busy": "The site is busy: please try again in a moment.",
  "server.internalError": "Internal server error",
  "server.unavailable": "This publication is unavailable right now.",
  "server.tooManyLive": "Too many live connections: please try again later.",
  "server.notFound": "Not found",
} as const;
