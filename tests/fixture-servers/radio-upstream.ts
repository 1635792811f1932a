import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the station's Icecast server: an endless "MP3" (a byte pattern) sent in chunks
 * (4 KB by default) every 10 ms, with ICY metadata every `metaint` bytes when the client asks for it.
 */
export interface RadioUpstream {
  url: string;
  port: number;
  /** How many connections it has accepted. */
  connections: number;
  /** How many are open now. */
  open(): number;
  setTitle(title: string): void;
  /** Closes every current connection (the station "drops"). */
  drop(): void;
  close(): Promise<void>;
}

export const AUDIO_BYTE = 0xaa;

export async function startRadioUpstream(
  metaint = 8192,
  chunkBytes = 4096,
  listenPort = 0,
): Promise<RadioUpstream> {
  let title = "Morning Drive with the Newsroom";
  const responses = new Set<ServerResponse>();
  const state = { connections: 0 };
  const server = createServer((req, res) => {
    state.connections++;
    const wantsMeta = req.headers["icy-metadata"] === "1";
    res.writeHead(200, {
      "Content-Type": "audio/mpeg",
      "icy-name": "Fixture FM",
      ...(wantsMeta ? { "icy-metaint": String(metaint) } : {}),
    });
    responses.add(res);
    let untilMeta = metaint;
    const chunk = Buffer.alloc(chunkBytes, AUDIO_BYTE);
    const timer = setInterval(() => {
      const parts: Buffer[] = [];
      let left = chunk.length;
      while (left > 0) {
        const take = wantsMeta ? Math.min(left, untilMeta) : left;
        parts.push(chunk.subarray(0, take));
        left -= take;
        untilMeta -= take;
        if (wantsMeta && untilMeta === 0) {
          const text = Buffer.from(`StreamTitle='${title}';`);
          const blocks = Math.ceil(text.length / 16);
          const meta = Buffer.alloc(1 + blocks * 16);
          meta[0] = blocks;
          text.copy(meta, 1);
          parts.push(meta);
          untilMeta = metaint;
        }
      }
      res.write(Buffer.concat(parts));
    }, 10);
    res.on("close", () => {
      clearInterval(timer);
      responses.delete(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/stream`,
    port,
    get connections() {
      return state.connections;
    },
    open: () => responses.size,
    setTitle: (t) => {
      title = t;
    },
    drop: () => {
      for (const r of responses) r.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const r of responses) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
