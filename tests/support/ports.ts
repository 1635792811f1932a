import { readFileSync } from "node:fs";
import net from "node:net";

/** Where the OS's ephemeral ports start when /proc does not say (Linux's default). */
const DEFAULT_EPHEMERAL_START = 32768;
/** The lowest port handed out: above the well-known and most registered services' ports. */
const LOWEST = 10_000;

/**
 * The first port of the OS's ephemeral range: the ports it gives every outgoing connection and
 * every `listen(0)`.
 */
export function ephemeralStart(
  read: () => string = () => readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8"),
): number {
  try {
    const start = Number(read().trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > LOWEST ? start : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

/** Whether a server could listen on `port` of `host` now. */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port that is free on this machine now, for a server that a test starts in another
 * process (Icecast, the production site), which must be told its port before it binds it.
 *
 * The port is below the OS's ephemeral range. A port that `listen(0)` picked and released would
 * be inside it, where the OS may give it to any outgoing connection (the tests running beside
 * make thousands) before the child binds it: the child then fails with EADDRINUSE. Servers in
 * this process listen on port 0 instead and need none of this.
 */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  const end = ephemeralStart();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (await canListen(port, host)) return port;
  }
  throw new Error(`No free port between ${LOWEST} and ${end - 1} on ${host} after 50 tries`);
}
