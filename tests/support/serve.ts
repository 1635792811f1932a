import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A server a test started, and its base URL (`http://127.0.0.1:{port}`). */
export interface Served {
  server: Server;
  url: string;
}

/**
 * Serves `handler` (an app, a fixture) over HTTP on a free port of 127.0.0.1, resolving once it
 * listens; the test closes the server.
 */
export async function serveOnLoopback(handler: RequestListener): Promise<Served> {
  const server = createServer(handler).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
