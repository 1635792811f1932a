// The production smoke test: starts the built server (build/server-main/index.js, run by the
// Node that runs this script) on a free loopback port with a fresh DATA_DIR, reaching nothing past
// this machine, and checks that it serves pages, its island scripts, /healthz and the radio
// relay, then that SIGTERM stops it with exit code 0. Plain JavaScript, run straight after the
// build with no step of its own.
//   node scripts/smoke.mjs [--report FILE]
// --report writes the checks as a Vitest JSON report (what scripts/test-summary.mjs adds up).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const reportAt = args.indexOf("--report");
const reportFile = reportAt === -1 ? null : args[reportAt + 1];
const runtime = `Node ${process.version}`;
/**
 * What an answer may take: a first render starts the render workers, and on two cores shared with
 * other work that has taken over 20 s. A limit only so that a server that hangs fails the check.
 */
const PAGE_TIMEOUT_MS = 60_000;

/**
 * A port that is free now and below the OS's ephemeral range, where no outgoing connection of
 * another test can take it before the server binds it (as tests/support/ports.ts explains).
 */
async function freePort() {
  let ephemeral = 32768;
  try {
    const start = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0],
    );
    if (Number.isInteger(start) && start > 10_000) ephemeral = start;
  } catch {
    // Not Linux: the usual start of the range.
  }
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (ephemeral - 10_000));
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen({ port, host: "127.0.0.1", exclusive: true }, () =>
        probe.close(() => resolve(true)),
      );
    });
    if (free) return port;
  }
}

const checks = [];
/** Runs one check; a failure is recorded with its message and the run goes on. */
async function check(name, body) {
  const started = performance.now();
  try {
    await body();
    const ms = performance.now() - started;
    checks.push({ name, status: "passed", ms });
    console.log(`  ✓ ${name} (${Math.round(ms)} ms)`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    checks.push({ name, status: "failed", ms: performance.now() - started, message });
    console.log(`  ✗ ${name}: ${message}`);
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "smoke-"));
const radioPort = 8076;
const server = spawn(process.execPath, ["build/server-main/index.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DEFAULT_SITE: "houston",
    SITE_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Nothing past this machine: feeds fail as if offline, the weather service and the radio's
    // upstream are a loopback port nothing listens on (their pages and the relay answer anyway).
    ALLOW_PUBLIC_HOSTS: "false",
    NWS_API_URL: "http://127.0.0.1:9",
    NWS_RADAR_URL: "http://127.0.0.1:9",
    RADIO_UPSTREAM: "http://127.0.0.1:9/stream",
    RADIO_PORTS: String(radioPort),
  },
  stdio: ["ignore", "ignore", "inherit"],
});
let exit = null;
const exited = new Promise((resolve) =>
  server.once("exit", (code, signal) => {
    exit = { code, signal };
    resolve(exit);
  }),
);

async function get(pathname, timeoutMs = PAGE_TIMEOUT_MS) {
  const response = await fetch(base + pathname, { signal: AbortSignal.timeout(timeoutMs) });
  return { status: response.status, type: response.headers.get("content-type") ?? "", response };
}

async function page(pathname) {
  const { status, type, response } = await get(pathname);
  const body = await response.text();
  expect(status === 200, `${pathname} answered ${status}`);
  expect(type.startsWith("text/html"), `${pathname} is ${type}, not HTML`);
  expect(body.includes("</html>"), `${pathname} is not a whole page`);
  return body;
}

console.log(`Smoke test of the production build on ${runtime}, ${base}`);
await check("starts and answers /healthz", async () => {
  const deadline = Date.now() + 120_000;
  for (;;) {
    expect(exit === null, `the server stopped (${JSON.stringify(exit)}) before it answered`);
    const ok = await get("/healthz", 2000)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    expect(Date.now() < deadline, "no answer from /healthz in 120 s");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 200))]);
  }
});

let home = "";
if (exit === null) {
  await check("serves the home page", async () => {
    home = await page("/");
  });
  for (const pathname of ["/local-news", "/weather", "/faq", "/radio"]) {
    await check(`serves ${pathname}`, () => page(pathname));
  }
  await check("serves the island scripts the home page names", async () => {
    // Each island is named by a marker (<script type="text/x-island" data-src>) that the page's
    // loader imports.
    const sources = [...home.matchAll(/<script\b[^>]*>/g)]
      .filter((m) => m[0].includes('type="text/x-island"'))
      .map((m) => /\bdata-src="([^"]+)"/.exec(m[0])?.[1])
      .filter(Boolean);
    expect(sources.length > 0, "the home page names no island script");
    for (const src of sources) {
      const { status, type, response } = await get(src);
      await response.arrayBuffer();
      expect(status === 200, `${src} answered ${status}`);
      expect(/javascript/.test(type), `${src} is ${type}`);
    }
  });
  await check("the radio relay answers with its upstream away, and the process lives", async () => {
    const started = Date.now();
    const { status, response } = await get(`/api/stream?port=${radioPort}`);
    await response.arrayBuffer();
    expect(status >= 500 && status < 600, `/api/stream answered ${status}, not an error`);
    expect(Date.now() - started < 20_000, "/api/stream took over 20 s");
    const health = await get("/healthz");
    await health.response.arrayBuffer();
    expect(exit === null && health.status === 200, "the server did not live on");
  });
}

await check("SIGTERM stops it with exit code 0", async () => {
  if (exit === null) server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 30_000);
  const { code, signal } = await exited;
  clearTimeout(timer);
  expect(code === 0, `it exited with ${code ?? signal}`);
});
rmSync(dataDir, { recursive: true, force: true });

const passed = checks.filter((c) => c.status === "passed").length;
const failed = checks.length - passed;
console.log(`Smoke test on ${runtime}: ${passed} of ${checks.length} checks passed`);
if (reportFile) {
  // Vitest's JSON report, as much of it as test-summary.mjs reads.
  const report = {
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [
      {
        name: `scripts/smoke.mjs (${runtime})`,
        status: failed ? "failed" : "passed",
        assertionResults: checks.map((c) => ({
          fullName: `smoke (${runtime}) ${c.name}`,
          status: c.status,
          duration: Math.round(c.ms),
          failureMessages: c.message ? [c.message] : [],
        })),
      },
    ],
  };
  writeFileSync(reportFile, JSON.stringify(report, null, 2));
}
process.exit(failed ? 1 : 0);
