import type { AddressInfo } from "node:net";
import net from "node:net";
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { CLIENT_TIMEOUTS, LISTEN_BACKLOG, createHttpServer } from "./server";

// The HTTP server's own defences, on loopback: what a client that asks before sending a body,
// or that sends its body a byte at a time, is told.

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** A server whose app answers 200 with the body's size (or "app" when it has no body). */
async function start(timeouts: Parameters<typeof createHttpServer>[1] = {}) {
  const seen: string[] = [];
  server = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => res.end(`read ${size}`));
  }, timeouts);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, seen };
}

/** A raw connection: what it writes, and everything the server has sent so far. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((r) => socket.once("connect", r));
  let received = "";
  const waiters: (() => void)[] = [];
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<void>((r) => socket.once("close", () => r()));
  return {
    socket,
    closed,
    received: () => received,
    /** Resolves once what was received matches. */
    until: async (pattern: RegExp) => {
      while (!pattern.test(received)) await new Promise<void>((r) => waiters.push(r));
      return received;
    },
  };
}

const FORM = "Content-Type: application/x-www-form-urlencoded\r\n";

describe("Expect: 100-continue", () => {
  it("refuses a body over the limit with 413 before inviting it (no 100 Continue)", async () => {
    const { port, seen } = await start();
    const client = await connect(port);
    client.socket.write(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\n${FORM}Content-Length: 104857600\r\nExpect: 100-continue\r\n\r\n`,
    );
    const answer = await client.until(/\r\n\r\n/);
    expect(answer.startsWith("HTTP/1.1 413 ")).toBe(true);
    expect(answer).not.toContain("100 Continue");
    expect(answer.toLowerCase()).toContain("connection: close");
    await client.closed;
    expect(seen).toEqual([]);
  });

  it("refuses a method or a type the site has no use for before inviting the body", async () => {
    const { port } = await start();
    const put = await connect(port);
    put.socket.write(
      "PUT /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n",
    );
    expect((await put.until(/\r\n\r\n/)).startsWith("HTTP/1.1 405 ")).toBe(true);
    const json = await connect(port);
    json.socket.write(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n",
    );
    expect((await json.until(/\r\n\r\n/)).startsWith("HTTP/1.1 415 ")).toBe(true);
  });

  it("invites a form of a sensible size, then hands it to the app", async () => {
    const { port, seen } = await start();
    const client = await connect(port);
    client.socket.write(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\n${FORM}Content-Length: 7\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(await client.until(/100 Continue\r\n\r\n/)).toBe("HTTP/1.1 100 Continue\r\n\r\n");
    client.socket.write("name=ab");
    expect(await client.until(/read 7$/)).toContain("HTTP/1.1 200 OK");
    expect(seen).toEqual(["POST /contact"]);
  });
});

describe("a slow client", () => {
  it("that sends its body a byte at a time is answered 408 and closed once its time is up", async () => {
    // The same rule as in production (CLIENT_TIMEOUTS: 30 s), at a test's scale.
    const { port } = await start({ requestMs: 300, headersMs: 300, checkEveryMs: 50 });
    const client = await connect(port);
    client.socket.write(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\n${FORM}Content-Length: 100\r\n\r\n`,
    );
    const trickle = setInterval(() => client.socket.write("a"), 50);
    try {
      expect((await client.until(/\r\n\r\n/)).startsWith("HTTP/1.1 408 ")).toBe(true);
      await client.closed;
    } finally {
      clearInterval(trickle);
    }
  });

  it.each([
    ["its first request", false],
    ["a request after one answered on the same connection", true],
  ])(
    "that sends the headers of %s a byte at a time is answered 408 at the headers' limit",
    async (_name, kept) => {
      // As in production (20 s for the headers, 30 s for the whole request), at a test's scale;
      // the request's own limit is out of the test's reach: only the headers' can answer.
      const { port } = await start({ requestMs: 60_000, headersMs: 300, checkEveryMs: 50 });
      const client = await connect(port);
      if (kept) {
        client.socket.write("GET /first HTTP/1.1\r\nHost: localhost\r\n\r\n");
        await client.until(/read 0$/);
      }
      const before = client.received().length;
      const header = `GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${"a".repeat(1000)}`;
      let sent = 0;
      const trickle = setInterval(() => client.socket.write(header.charAt(sent++)), 25);
      try {
        const answer = (await client.until(/HTTP\/1\.1 408 /)).slice(before);
        expect(answer.startsWith("HTTP/1.1 408 ")).toBe(true);
      } finally {
        clearInterval(trickle);
      }
    },
  );

  it("keeps the defaults' order: headers time out no later than the request", async () => {
    const { port } = await start({ requestMs: 300, headersMs: 10_000, checkEveryMs: 50 });
    const client = await connect(port);
    client.socket.write("GET / HTTP/1.1\r\nHost: local");
    expect((await client.until(/\r\n\r\n/)).startsWith("HTTP/1.1 408 ")).toBe(true);
  });
});

describe("an idle keep-alive connection", () => {
  it("is held for the client's next request, longer than a proxy's 60 s by default", async () => {
    await start();
    expect(server?.keepAliveTimeout).toBe(CLIENT_TIMEOUTS.keepAliveMs);
    expect(CLIENT_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
  });

  it("is closed by the server once its keep-alive time is up, and not before a second request", async () => {
    const { port, seen } = await start({ keepAliveMs: 200 });
    const client = await connect(port);
    client.socket.write("GET /one HTTP/1.1\r\nHost: local\r\n\r\n");
    await client.until(/read 0$/);
    client.socket.write("GET /two HTTP/1.1\r\nHost: local\r\n\r\n");
    await client.until(/read 0[\s\S]*read 0$/);
    expect(seen).toEqual(["GET /one", "GET /two"]);
    await client.closed;
  });
});

describe("the listen backlog", () => {
  /**
   * Opens `count` connections to a child server (tests/support/blocked-listener.ts) while its
   * event loop accepts nothing, and counts those the kernel completed within `withinMs`.
   */
  async function connectedWhileBlocked(mode: "site" | "default", count: number, withinMs: number) {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/blocked-listener.ts", mode],
      {
        stdio: ["pipe", "pipe", "inherit"],
        env: { ...process.env, BLOCK_MS: String(withinMs + 1500) },
      },
    );
    const lines = createInterface({ input: child.stdout });
    const next = () => new Promise<string>((resolve) => lines.once("line", resolve));
    const port = Number((await next()).replace("port ", ""));
    child.stdin.write("block\n");
    expect(await next()).toBe("blocked");
    const sockets: net.Socket[] = [];
    let connected = 0;
    for (let i = 0; i < count; i++) {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("connect", () => connected++);
      socket.on("error", () => undefined);
      sockets.push(socket);
    }
    await new Promise((r) => setTimeout(r, withinMs));
    const seen = connected;
    for (const socket of sockets) socket.destroy();
    child.kill();
    return seen;
  }

  it("holds a burst of connections the process has not accepted yet, none left to retry seconds later", async () => {
    // The kernel caps a backlog at net.core.somaxconn: the burst stays within it.
    const cap = Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8"));
    const burst = Math.min(1000, cap);
    expect(LISTEN_BACKLOG).toBeGreaterThanOrEqual(burst);
    // Node's default (511) leaves part of such a burst to a SYN retried a second or more later.
    expect(await connectedWhileBlocked("default", burst, 700)).toBeLessThan(burst);
    expect(await connectedWhileBlocked("site", burst, 700)).toBe(burst);
  }, 30_000);
});
