import net from "node:net";
import { describe, expect, it } from "vitest";
import { ephemeralStart, freePort } from "../support/ports";

describe("freePort", () => {
  it("gives a port below the OS's ephemeral range, which no outgoing connection is given", async () => {
    const start = ephemeralStart();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(start);
    }
  });

  it("gives a port a server can listen on", async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", resolve);
    });
    expect((server.address() as net.AddressInfo).port).toBe(port);
    await new Promise((resolve) => server.close(resolve));
  });

  it("reads where the ephemeral range starts, and falls back to Linux's default", () => {
    expect(ephemeralStart(() => "49152\t65535\n")).toBe(49152);
    expect(ephemeralStart(() => "garbage")).toBe(32768);
    expect(ephemeralStart(() => "1024 65535")).toBe(32768);
    expect(
      ephemeralStart(() => {
        throw new Error("no /proc");
      }),
    ).toBe(32768);
  });
});
