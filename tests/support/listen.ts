import http from "node:http";

export type Listener = http.IncomingMessage & {
  /** Every byte of the body received so far. */
  received: () => Buffer;
};

/**
 * Opens a radio listener: resolves with the response once its headers arrive, and keeps every
 * byte of the body. `onOpen` gets it too (a test registers its clean-up there).
 */
export function listen(url: string, onOpen?: (listener: Listener) => void): Promise<Listener> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        const listener = Object.assign(res, { received: () => Buffer.concat(chunks) });
        onOpen?.(listener);
        resolve(listener);
      })
      .on("error", reject);
  });
}
