// Prints one closing line for the whole run from Vitest's and Playwright's JSON reports:
//   tests: N passed, N failed
// and exits non-zero when a test or a stage failed. scripts/smoke.mjs writes its checks in the
// shape of a Vitest report, so they count here like tests.
//   node scripts/test-summary.mjs [--stages-failed "a|b"] [--same A.json B.json]... REPORT.json...
// --same: two Vitest reports of the same suite (under two time zones) whose every test must have
// the same outcome; a test that differs is counted as failed. It may be given more than once
// (each pair compared). A report that is missing (its stage
// did not run or crashed) is named, and fails the run.
import { existsSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
const problems = [];
const take = (flag, count) => {
  const at = args.indexOf(flag);
  return at === -1 ? [] : args.splice(at, count + 1).slice(1);
};
const [stagesFailed = ""] = take("--stages-failed", 1);
const pairs = [];
while (args.includes("--same")) pairs.push(take("--same", 2));
for (const stage of stagesFailed.split("|").filter(Boolean))
  problems.push(`stage failed: ${stage}`);

function read(file) {
  if (!existsSync(file)) {
    problems.push(`no report: ${file}`);
    return null;
  }
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    problems.push(`unreadable report ${file}: ${error.message}`);
    return null;
  }
}

/** Every test of a Vitest report: "file > name" → status. */
function outcomes(report) {
  const map = new Map();
  for (const suite of report?.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      map.set(`${suite.name} > ${test.fullName}`, test.status);
    }
  }
  return map;
}

/** Each test of a Playwright report that ended other than expected: "file:line title". */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, titles) => {
    const path =
      suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === "unexpected")) {
        names.push(`${spec.file}:${spec.line} ${[...path, spec.title].join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const same of pairs.filter((pair) => pair.length === 2)) {
  const [a, b] = same.map((f) => outcomes(read(f)));
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(name) !== b.get(name)) {
      failed++;
      problems.push(
        `differs between ${same[0]} and ${same[1]}: ${name} (${a.get(name)} / ${b.get(name)})`,
      );
    }
  }
}
for (const file of args) {
  const report = read(file);
  if (!report) continue;
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const name of playwrightFailures(report)) problems.push(`failed: ${name}`);
  } else {
    // Vitest. A file that failed outside its tests (an import, a beforeAll) counts as one failure.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    for (const suite of report.testResults ?? []) {
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const test of failedTests) problems.push(`failed: ${suite.name} > ${test.fullName}`);
      if (suite.status === "failed" && failedTests.length === 0) {
        failed++;
        problems.push(`${suite.name}: ${String(suite.message ?? "failed").split("\n")[0]}`);
      }
    }
  }
}
for (const problem of problems) console.log(problem);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
