import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { RadioHub } from "../../server/radio/hub";

/** The relay's two routes alone, on a free loopback port: what the radio tests talk to. */
export async function serveRelay(hub: RadioHub): Promise<{ base: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://relay").pathname;
    if (pathname === "/api/stream") {
      void hub.stream(req, res);
    } else if (pathname === "/api/radio/now-playing") {
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify(hub.nowPlaying()));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        hub.shutdown();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
