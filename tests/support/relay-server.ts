import { EventEmitter } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { relayStream } from "../../server/http/radio";
import type { RadioHub } from "../../server/radio/hub";

export interface Relay {
  base: string;
  /**
   * "request" once the hub has taken a /api/stream request (everything it does before its first
   * await is done), "close" once the hub has seen that request's connection close: what a test
   * awaits rather than sleep while listeners arrive and leave.
   */
  streams: EventEmitter;
  close(): Promise<void>;
}

/** The relay's two routes alone, on a free loopback port: what the radio tests talk to. */
export async function serveRelay(hub: RadioHub): Promise<Relay> {
  const streams = new EventEmitter();
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://relay").pathname;
    if (pathname === "/api/stream") {
      void relayStream(hub, req, res);
      // Told once every "close" listener has run, the hub's included (it adds one on admission).
      res.on("close", () => queueMicrotask(() => streams.emit("close", res)));
      streams.emit("request", res);
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
    streams,
    close: () =>
      new Promise((resolve) => {
        hub.shutdown();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
