/** The canonical base the default site is started with (its canonical links must use it). */
export const TEST_SITE_URL = "https://news.example.test";

/** Where global-setup.ts put what the tests run against: one environment variable each. */
export const E2E_VARIABLES = {
  /** The default site (Houston), fed by the fixture feeds and the fixture station. */
  houstonUrl: "E2E_HOUSTON_URL",
  /** Its DATA_DIR (the contact tests read the stored messages). */
  houstonDataDir: "E2E_HOUSTON_DATA_DIR",
  /** The same build serving Anchorage and Honolulu only (SITES), Anchorage by default. */
  otherUrl: "E2E_OTHER_URL",
  /** The fixture feed server. */
  feedsUrl: "E2E_FEEDS_URL",
  /** The FEEDS_FILE pointing every category at it. */
  feedsFile: "E2E_FEEDS_FILE",
  /** The fixture station's port: the one port the default site's relay allows. */
  radioPort: "E2E_RADIO_PORT",
  /** The fixture weather service the default site asks (tests/fixture-servers/weather-server.ts). */
  weatherUrl: "E2E_WEATHER_URL",
  /** Where the default site's mails land, one `<n>.eml` each (its SMTP_URL's loopback server). */
  mailDir: "E2E_MAIL_DIR",
} as const;

type E2ESetting = keyof typeof E2E_VARIABLES;

function read(name: E2ESetting): string {
  const value = process.env[E2E_VARIABLES[name]];
  if (!value) {
    throw new Error(
      `${E2E_VARIABLES[name]} is not set: run the end-to-end tests with \`npx playwright test\` (its global setup starts the servers)`,
    );
  }
  return value;
}

/** The settings of this run, read when first used (global setup has set them by then). */
export const E2E = Object.defineProperties(
  {} as Record<E2ESetting, string>,
  Object.fromEntries(
    (Object.keys(E2E_VARIABLES) as E2ESetting[]).map((name) => [
      name,
      { get: () => read(name), enumerable: true },
    ]),
  ),
);
