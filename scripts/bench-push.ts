// npm run bench:push: how soon a warning reaches a reader by Web Push (issue 52), on loopback.
// One production process, the fixture weather service (its alerts asked for every second), a
// loopback push service that checks each push's VAPID signature and decrypts it, one reader
// subscribed to the county through the site's own API, and a page with its live channel open
// (the baseline: what an open page is told, in the same run). 20 warnings one after another
// (BENCH_ALERTS): for each, the time from the site's fetch of the alerts answer that first held
// it to the push's arrival, and to the live channel's event; p50 and p95, and the push's as a
// ratio to the live channel's. A figure, not a test.
import http from "node:http";
import {
  FIXTURE_ZONES,
  startWeatherServer,
  type FixtureAlert,
} from "../tests/fixture-servers/weather-server";
import { startPushService } from "../tests/fixture-servers/push-service";
import { startSiteProcess } from "../tests/support/site-process";
import { percentile } from "./load";
import { recordFigures } from "./bench-report";

const ALERTS = Number(process.env.BENCH_ALERTS ?? 20);

/** A page's live channel: when each alert event came. */
function liveChannel(url: string): Promise<{ events: number[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const events: number[] = [];
    const request = http.get(`${url}/api/live`, { agent: false }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        for (let i = chunk.split("event: alert\n").length - 1; i > 0; i--) events.push(Date.now());
      });
      res.on("error", () => undefined);
      resolve({ events, close: () => request.destroy() });
    });
    request.on("error", reject);
  });
}

function warning(i: number): FixtureAlert {
  return {
    id: `urn:oid:2.49.0.1.840.0.bench.${i}`,
    event: i % 2 ? "Tornado Warning" : "Flash Flood Warning",
    severity: i % 2 ? "Extreme" : "Severe",
    response: i % 2 ? "Shelter" : "Avoid",
    headline: `Bench warning ${i}`,
    zones: [FIXTURE_ZONES.county],
    fromMinutes: -1,
    untilMinutes: 60 + i,
  };
}

async function main() {
  const weather = await startWeatherServer({ alerts: [] });
  weather.set({ maxAgeSeconds: 1 });
  const push = await startPushService();
  const site = await startSiteProcess({
    env: {
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      NWS_API_URL: weather.url,
      NWS_RADAR_URL: weather.url,
      NWS_ALERTS_SECONDS: "1",
      LOG_LEVEL: "error",
    },
    timeoutMs: 60_000,
  });
  try {
    for (let i = 0; i < 60; i++) {
      if ((await (await fetch(`${site.url}/weather`)).text()).includes('id="current"')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const subscription = push.subscribe();
    const made = await fetch(`${site.url}/api/push/subscriptions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: JSON.stringify({ subscription, zones: [FIXTURE_ZONES.county] }),
    });
    if (made.status !== 201) throw new Error(`subscribe: ${made.status} ${await made.text()}`);
    const live = await liveChannel(site.url);
    const toPush: number[] = [];
    const toLive: number[] = [];
    for (let i = 0; i < ALERTS; i++) {
      const issued = Date.now();
      const liveBefore = live.events.length;
      weather.set({ alerts: [warning(i)] });
      const received = await push.next(subscription.endpoint, i + 1);
      const fetched = weather.requestTimes.find(
        (at, n) => at >= issued && weather.requests[n]?.startsWith("/alerts/active"),
      );
      if (fetched === undefined) throw new Error("no alerts fetch after the warning was issued");
      while (live.events.length <= liveBefore) await new Promise((r) => setTimeout(r, 5));
      toPush.push(received.at - fetched);
      toLive.push((live.events[liveBefore] ?? NaN) - fetched);
      if (!received.vapidValid) throw new Error("a push's VAPID signature did not verify");
    }
    live.close();
    const line = (label: string, value: string) => console.log(`${label.padEnd(48)} ${value}`);
    const p = (values: number[], q: number) => percentile(values, q).toFixed(0);
    console.log(`bench:push — ${ALERTS} warnings, one after another (Node ${process.version})`);
    line(
      "baseline: fetch → an open page's live channel",
      `p50 ${p(toLive, 50)} ms, p95 ${p(toLive, 95)} ms`,
    );
    line(
      "fetch → the push at the push service",
      `p50 ${p(toPush, 50)} ms, p95 ${p(toPush, 95)} ms`,
    );
    line(
      "push / live channel",
      `p50 ${(percentile(toPush, 50) / percentile(toLive, 50)).toFixed(2)}×, p95 ${(percentile(toPush, 95) / percentile(toLive, 95)).toFixed(2)}×`,
    );
    line("pushes received (VAPID verified, decrypted)", `${push.received.length} of ${ALERTS}`);
  } finally {
    await site.stop();
    await push.close();
    await weather.close();
  }
}

// The figures, also written to docs/benchmarks.md.
recordFigures("push", main).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
