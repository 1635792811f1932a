import net from "node:net";

/** A loopback TCP proxy in front of a server, able to cut its connections without a word. */
export interface SeveringProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /**
   * Cuts every connection open now on the server's side while its client hears nothing: the
   * client's socket stays open until it next writes, which is then answered by the socket
   * closing (as a connection a server closed a moment before it was used). Connections opened
   * later pass as before. Returns how many were cut.
   */
  sever(): number;
  close(): Promise<void>;
}

/** Starts a SeveringProxy on a free loopback port in front of 127.0.0.1:`upstreamPort`. */
export async function startSeveringProxy(upstreamPort: number): Promise<SeveringProxy> {
  const open = new Set<{ client: net.Socket; upstream: net.Socket; severed: boolean }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, "127.0.0.1");
    const pair = { client, upstream, severed: false };
    open.add(pair);
    client.on("data", (chunk) => {
      if (pair.severed) client.destroy();
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!pair.severed) client.write(chunk);
    });
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    client.on("error", end);
    upstream.on("close", () => {
      if (!pair.severed) end();
    });
    upstream.on("error", () => {
      if (!pair.severed) end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    sever() {
      let cut = 0;
      for (const pair of open) {
        if (pair.severed) continue;
        pair.severed = true;
        pair.upstream.destroy();
        cut++;
      }
      return cut;
    },
    close: async () => {
      for (const pair of open) pair.client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
