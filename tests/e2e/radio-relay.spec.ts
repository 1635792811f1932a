import { expect, test } from "@playwright/test";
import { STATION_TITLES } from "../fixture-servers/radio-upstream";
import { E2E } from "./env";

// The production build relaying the fixture station (RADIO_UPSTREAM, on the one port the site's
// relay allows: RADIO_PORTS).

test("GET /api/stream?port=PORT relays audio without ICY metadata", async ({ baseURL }) => {
  const controller = new AbortController();
  const res = await fetch(`${baseURL}/api/stream?port=${E2E.radioPort}`, {
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("audio/mpeg");
  expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
  expect(res.headers.get("content-encoding")).toBeNull();
  const body = res.body;
  if (!body) throw new Error("no body");
  const reader = body.getReader();
  let bytes = 0;
  let sawMeta = false;
  while (bytes < 64 * 1024) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (Buffer.from(value).includes("StreamTitle")) sawMeta = true;
  }
  controller.abort();
  expect(bytes).toBeGreaterThanOrEqual(64 * 1024);
  expect(sawMeta).toBe(false);
});

test("now playing reports the station's title", async ({ request, baseURL }) => {
  const controller = new AbortController();
  const res = await fetch(`${baseURL}/api/stream?port=${E2E.radioPort}`, {
    signal: controller.signal,
  });
  await res.body?.getReader().read();
  await expect
    .poll(async () => (await (await request.get("/api/radio/now-playing")).json()).title)
    .toMatch(new RegExp(`^(${STATION_TITLES.join("|")})$`));
  controller.abort();
});

for (const query of ["", "?port=OTHER", "?port=abc", "?port=http://evil.example"]) {
  test(`/api/stream${query} answers 400`, async ({ request }) => {
    const other = String((Number(E2E.radioPort) % 65535) + 1);
    const res = await request.get(`/api/stream${query.replace("OTHER", other)}`);
    expect(res.status()).toBe(400);
    expect((await res.json()).error).toBe(`port must be one of: ${E2E.radioPort}`);
  });
}
