import net from "node:net";

/**
 * A TCP server that must never be reached: it listens on 127.0.0.1 and, where this machine has
 * IPv6 loopback, on [::1] at the same port, and counts every connection it gets. A test that
 * points a refused request at it checks that `connections` stays 0.
 */
export interface Canary {
  port: number;
  /** Whether it also listens on [::1] (false where IPv6 loopback is unavailable). */
  ipv6: boolean;
  /** Connections received on either address. */
  readonly connections: number;
  close(): Promise<void>;
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/** Starts a canary on a free port of 127.0.0.1 (and the same port of [::1] when it can). */
export async function startCanary(): Promise<Canary> {
  let connections = 0;
  const count = (socket: net.Socket) => {
    connections++;
    socket.destroy();
  };
  for (let attempt = 0; ; attempt++) {
    const v4 = net.createServer(count);
    const v6 = net.createServer(count);
    await listen(v4, 0, "127.0.0.1");
    const { port } = v4.address() as net.AddressInfo;
    const ipv6 = await listen(v6, port, "::1").then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        // The port is free on 127.0.0.1 only: take another one (a few times at most).
        if (error.code === "EADDRINUSE" && attempt < 5) return null;
        return false;
      },
    );
    if (ipv6 === null) {
      await close(v4);
      continue;
    }
    return {
      port,
      ipv6,
      get connections() {
        return connections;
      },
      close: async () => {
        await Promise.all([close(v4), close(v6)]);
      },
    };
  }
}
