import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { fixedNews } from "../../tests/support/news";
import { orUnavailable } from "../../app/lib/database.server";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "../db/health";
import { CONTACT_LIMITS } from "../messages/store";
import { noWeather } from "../weather/city-weather";
import { fixtureCity } from "../../tests/support/fixture-city";
import { borrowIo, lendIo } from "./channel";

// A render worker's calls answered by the request thread: a failure keeps its kind (its name)
// across the port, so that a loader on the worker answers a database away with a 503.

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

function connected(search: () => Promise<never>) {
  const channel = new MessageChannel();
  channels.push(channel);
  const quiet = () => {};
  lendIo(channel.port1, {
    news: { ...fixedNews(), search },
    messages: { submit: async () => ({ ok: true, id: 1 }), limits: CONTACT_LIMITS },
    weather: noWeather(fixtureCity()),
    log: { info: quiet, warn: quiet, error: quiet, debug: quiet } as never,
  });
  return borrowIo(channel.port2, CONTACT_LIMITS);
}

describe("render channel failures", () => {
  it("a database away stays known as such on the worker's side, and its loader answers 503", async () => {
    const io = connected(() =>
      Promise.reject(
        new DatabaseUnavailableError(
          Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
        ),
      ),
    );
    const failed = await io.news.search("levee").then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failed?.name).toBe("DatabaseUnavailableError");
    expect(failed?.message).toBe("Database unavailable: read ECONNRESET");
    expect(isDatabaseUnavailable(failed)).toBe(true);
    const thrown = await orUnavailable(io.news.search("levee")).then(
      () => undefined,
      (err: unknown) => err as { init?: ResponseInit },
    );
    expect(thrown?.init?.status).toBe(503);
  });

  it("any other failure stays an error of its own kind", async () => {
    const io = connected(() => Promise.reject(new TypeError("bug")));
    const failed = await io.news.search("levee").then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failed?.name).toBe("TypeError");
    expect(isDatabaseUnavailable(failed)).toBe(false);
    await expect(orUnavailable(io.news.search("levee"))).rejects.toThrow("bug");
  });
});
