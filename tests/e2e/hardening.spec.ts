import net from "node:net";
import { expect, test } from "@playwright/test";
import { E2E } from "./env";

// Hostile and mistaken requests against the production server: each gets a defined 4xx at once,
// nothing is read beyond the limits, and the site keeps answering.

/**
 * Sends raw bytes to the site (a request line and headers, then any body) and resolves with the
 * status line of its answer, as soon as it comes: before the body is sent, for a refusal.
 */
function raw(head: string, body: Buffer = Buffer.alloc(0)): Promise<{ status: string }> {
  const { hostname, port } = new URL(E2E.houstonUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      if (body.length) socket.write(body, () => {});
    });
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (answer.includes("\r\n")) {
        resolve({ status: answer.slice(0, answer.indexOf("\r\n")) });
        socket.destroy();
      }
    });
    socket.on("error", (error) => (answer ? undefined : reject(error)));
    socket.setTimeout(10_000, () => reject(new Error("no answer in 10 s")));
  });
}

test.describe("request bodies", () => {
  test("a declared body over 64 KB is refused with 413 before it is sent", async ({ request }) => {
    const { status } = await raw(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 104857600\r\n\r\n",
    );
    expect(status).toBe("HTTP/1.1 413 Payload Too Large");
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("a streamed body is counted and refused with 413 once it passes 64 KB", async () => {
    const chunk = "name=" + "a".repeat(16 * 1024);
    const chunked = Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const { status } = await raw(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
      Buffer.from(chunked.join(""), "latin1"),
    );
    expect(status).toBe("HTTP/1.1 413 Payload Too Large");
  });

  test("multipart, JSON and untyped posts to the form are refused with 415", async ({
    request,
  }) => {
    const multipart = await request.post("/contact", {
      multipart: { name: "a", file: { name: "big.bin", mimeType: "x/y", buffer: Buffer.alloc(8) } },
    });
    expect(multipart.status()).toBe(415);
    expect(multipart.headers().accept).toBe("application/x-www-form-urlencoded");
    const json = await request.post("/contact", { data: { name: "a" } });
    expect(json.status()).toBe(415);
    const { status } = await raw(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nConnection: close\r\n\r\n",
      Buffer.from("a=b"),
    );
    expect(status).toBe("HTTP/1.1 415 Unsupported Media Type");
  });
});

test.describe("client mistakes are 4xx", () => {
  for (const method of ["PUT", "DELETE", "PATCH", "TRACE", "OPTIONS"]) {
    test(`${method} /contact answers 405 with Allow`, async ({ request }) => {
      const res = await request.fetch("/contact", { method });
      expect(res.status()).toBe(405);
      expect(res.headers().allow).toBe("GET, HEAD, POST");
    });
  }

  for (const host of ["[", "a b", ":99999", "example.com:abc"]) {
    test(`a malformed Host (${JSON.stringify(host)}) answers 400`, async ({ request }) => {
      await request.get("/"); // also when the page is in the cache (the path that parses no URL)
      const { status } = await raw(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(status).toBe("HTTP/1.1 400 Bad Request");
    });
  }
});

test.describe("one client cannot grow the server or starve its readers", () => {
  test("asking with Expect: 100-continue for a 100 MB body is refused with 413, never invited", async () => {
    const { status } = await raw(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 104857600\r\nExpect: 100-continue\r\n\r\n",
    );
    expect(status).toBe("HTTP/1.1 413 Payload Too Large");
  });

  test("unique 16 KB request targets are refused with 414, and the site keeps answering", async ({
    request,
  }) => {
    const long = "~".repeat(16_000);
    for (let i = 0; i < 50; i++) {
      const res = await request.get(`/search?q=${long}&n=${i}`);
      expect(res.status()).toBe(414);
    }
    expect((await request.get("/faq")).status()).toBe(200);
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("every unknown path gets the one not-found page, which names no path", async ({
    request,
  }) => {
    // An earlier test may have left an older copy in the cache: once it has been made again,
    // every unknown path is a hit on the one page.
    let n = 0;
    await expect
      .poll(async () => (await request.get(`/no-such-page-e2e-${n++}?x=1`)).headers()["x-cache"])
      .toBe("hit");
    const first = await request.get("/no-such-page-e2e-first");
    expect(first.status()).toBe(404);
    const body = await first.text();
    expect(body).not.toContain("no-such-page-e2e-first");
    expect(first.headers()["cache-control"]).toBe(
      "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
    );
    const second = await request.get("/no-such-page-e2e-second?x=1");
    expect(second.status()).toBe(404);
    expect(second.headers()["x-cache"]).toBe("hit");
    expect(await second.text()).toBe(body);
  });

  test("another spelling of a page is sent to its one path", async ({ request }) => {
    for (const [spelling, canonical] of [
      ["/Local-News", "/local-news"],
      ["/local-news/", "/local-news"],
      ["/Search?q=bayou", "/search?q=bayou"],
    ] as const) {
      const res = await request.get(spelling, { maxRedirects: 0 });
      expect(res.status(), spelling).toBe(301);
      expect(res.headers().location).toBe(canonical);
    }
  });
});
