// npm run bench:radio: N concurrent listeners (default 1,000) at 128 kbps for 30 s on loopback,
// first through the relay (the production server, /api/stream, in front of Icecast), then straight
// from Icecast 2 serving the same stream, in the same run. Prints CPU seconds, peak RSS, dropped
// listeners and bytes delivered per listener for both, and the CPU ratio. A figure, not a test.
// Needs icecast2 and ffmpeg from apt.
import { readFileSync } from "node:fs";
import http from "node:http";
import { startIcecast } from "../tests/support/icecast";
import { startBenchSite } from "./bench-site";
import { recordFigures } from "./bench-report";

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

interface Listener {
  bytes: number;
  /** Bytes when the measured window started. */
  atStart: number;
  ended: boolean;
  request: http.ClientRequest;
}

function connect(url: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`HTTP ${res.statusCode}`));
        return;
      }
      res.on("data", (chunk: Buffer) => (listener.bytes += chunk.length));
      res.on("close", () => (listener.ended = true));
      res.on("error", () => (listener.ended = true));
      resolve(listener);
    });
    const listener: Listener = { bytes: 0, atStart: 0, ended: false, request };
    request.on("error", (error) => {
      listener.ended = true;
      reject(error);
    });
  });
}

interface Result {
  label: string;
  cpu: number;
  peakRssMb: number;
  dropped: number;
  bytesPerListener: number;
}

async function measure(label: string, url: string, pid: number): Promise<Result> {
  const listeners: Listener[] = [];
  let refused = 0;
  for (let i = 0; i < LISTENERS; i += 50) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(50, LISTENERS - i) }, () => connect(url)),
    );
    for (const r of batch) {
      if (r.status === "fulfilled") listeners.push(r.value);
      else refused++;
    }
  }
  // Let the bursts pass, then measure a window of steady listening.
  await new Promise((r) => setTimeout(r, 2000));
  for (const l of listeners) l.atStart = l.bytes;
  let peak = rssMb(pid);
  const cpuBefore = cpuSeconds(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(sampler);
  const cpu = cpuSeconds(pid) - cpuBefore;
  peak = Math.max(peak, rssMb(pid));
  const dropped = refused + listeners.filter((l) => l.ended).length;
  const delivered = listeners.reduce((n, l) => n + (l.bytes - l.atStart), 0);
  for (const l of listeners) l.request.destroy();
  await new Promise((r) => setTimeout(r, 1000));
  return {
    label,
    cpu,
    peakRssMb: peak,
    dropped,
    bytesPerListener: delivered / Math.max(1, listeners.length),
  };
}

console.log(`${LISTENERS} listeners, 128 kbps, ${SECONDS} s on loopback`);
const icecast = await startIcecast({ clients: LISTENERS + 50 });
const results: Result[] = [];
try {
  const site = await startBenchSite({
    RADIO_UPSTREAM: icecast.url,
    RADIO_PORTS: String(icecast.port),
    RADIO_MAX_LISTENERS: String(LISTENERS + 10),
  });
  try {
    results.push(await measure("relay", `${site.url}/api/stream?port=${icecast.port}`, site.pid));
  } finally {
    await site.close();
  }
  results.push(await measure("icecast2", icecast.url, icecast.pid));
} finally {
  await icecast.stop();
}

// The figures, also written to docs/benchmarks.md.
await recordFigures("radio", () => {
  const expected = (128_000 / 8) * SECONDS;
  console.log(
    "server     CPU s   CPU ms/listener/s   peak RSS MB   dropped   KB/listener (of ~" +
      Math.round(expected / 1000) +
      ")",
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(9)} ${r.cpu.toFixed(2).padStart(6)} ${((r.cpu * 1000) / LISTENERS / SECONDS).toFixed(4).padStart(19)} ${r.peakRssMb.toFixed(1).padStart(13)} ${String(r.dropped).padStart(9)} ${(r.bytesPerListener / 1000).toFixed(1).padStart(13)}`,
    );
  }
  const [relay, icecastResult] = results;
  if (relay && icecastResult) {
    console.log(
      `ratio: relay CPU ${(relay.cpu / icecastResult.cpu).toFixed(2)}× icecast2's (target: at most 1.5×, 0 dropped)`,
    );
  }
});
