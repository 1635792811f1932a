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
  /**
   * Ends every connection open now as PostgreSQL ends an idle session (idle_session_timeout,
   * pg_terminate_backend) whose client writes at that moment: the client's next write is
   * answered by the server's FATAL error (SQLSTATE `code`) and then the socket's end, so that
   * the client hears the error as its query's answer before it hears the connection close.
   * Connections opened later pass as before. Returns how many were ended.
   */
  terminate(code: string, message: string): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  severed: boolean;
  /** What the client's next write is answered with before its socket ends (else: it closes). */
  farewell?: Buffer;
}

/** Cuts the open connections' server side (SeveringProxy.sever); returns how many. */
function cut(open: Set<Pair>, farewell?: Buffer): number {
  let count = 0;
  for (const pair of open) {
    if (pair.severed) continue;
    pair.severed = true;
    pair.farewell = farewell;
    pair.upstream.destroy();
    count++;
  }
  return count;
}

/**
 * PostgreSQL's ErrorResponse message of severity FATAL: 'E', its length, then its fields
 * (a type byte and a NUL-ended string each) and a NUL.
 * From: https://www.postgresql.org/docs/15/protocol-message-formats.html
 */
function fatalError(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("E", 0, "latin1");
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

/** Starts a SeveringProxy on a free loopback port in front of 127.0.0.1:`upstreamPort`. */
export async function startSeveringProxy(upstreamPort: number): Promise<SeveringProxy> {
  const open = new Set<Pair>();
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, "127.0.0.1");
    const pair: Pair = { client, upstream, severed: false };
    open.add(pair);
    client.on("data", (chunk) => {
      if (!pair.severed) upstream.write(chunk);
      else if (pair.farewell) client.end(pair.farewell);
      else client.destroy();
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
    sever: () => cut(open),
    terminate: (code, message) => cut(open, fatalError(code, message)),
    close: async () => {
      for (const pair of open) pair.client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
