// @vitest-environment happy-dom
import type * as React from "react";
import type * as ReactDomClient from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IslandProps } from "~/components/island";
import { RadioPlayer, type RadioPlayerProps } from "~/components/radio-player";
import { radioWords } from "~/lib/radio-words";
import { translatorFor } from "../../common/i18n";
import { ISLANDS_READY } from "../../common/islands";

const PROPS: RadioPlayerProps = {
  heading: "Live Radio",
  streamUrl: "/api/stream?port=8000",
  stationName: "Houston City Wire",
  locale: "en-US",
  timeZone: "America/Chicago",
  words: radioWords(translatorFor("en-US")),
};

afterEach(() => {
  vi.doUnmock("react");
  vi.doUnmock("react-dom/client");
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = "";
  document.documentElement.removeAttribute(ISLANDS_READY);
});

describe("the radio island", () => {
  it("hydrates the player the server rendered, without a mismatch, and then plays on a click", async () => {
    // What /radio's server render holds: the player in its container, its props beside it.
    document.body.innerHTML =
      `<div data-radio-player>${renderToString(<RadioPlayer {...PROPS} />)}</div>` +
      renderToString(<IslandProps value={PROPS} />);
    const play = document.querySelector("button");
    const errors = vi.spyOn(console, "error");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ title: "Morning Drive", recent: [] })),
    );
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);

    await import("./radio");
    await vi.waitFor(() =>
      expect(document.documentElement.getAttribute(ISLANDS_READY)).toBe("radio"),
    );
    await vi.waitFor(() => expect(document.body.textContent).toContain("Morning Drive"));
    expect(errors).not.toHaveBeenCalled();

    // The server's button, now with React's listeners: no stream until it is clicked.
    const audio = document.querySelector("audio:not([controls])");
    expect(audio?.getAttribute("src")).toBeNull();
    expect(document.querySelector("button")).toBe(play);
    play?.click();
    expect(audio?.getAttribute("src")).toBe(PROPS.streamUrl);
    await vi.waitFor(() => expect(play?.getAttribute("aria-label")).toBe("Pause"));
  });

  it("hydrates in a task after the modules' own, as a transition (React works it in slices)", async () => {
    document.body.innerHTML =
      `<div data-radio-player>${renderToString(<RadioPlayer {...PROPS} />)}</div>` +
      renderToString(<IslandProps value={PROPS} />);
    let inTransition = false;
    const hydratedInTransition: boolean[] = [];
    vi.doMock("react", async (original) => {
      const react = await original<typeof React>();
      return {
        ...react,
        startTransition: (scope: () => void) => {
          inTransition = true;
          try {
            react.startTransition(scope);
          } finally {
            inTransition = false;
          }
        },
      };
    });
    vi.doMock("react-dom/client", async (original) => {
      const client = await original<typeof ReactDomClient>();
      return {
        ...client,
        hydrateRoot: (...args: Parameters<typeof client.hydrateRoot>) => {
          hydratedInTransition.push(inTransition);
          return client.hydrateRoot(...args);
        },
      };
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ title: "", recent: [] })),
    );
    await import("./radio");
    // Not in the task that evaluated the module…
    expect(hydratedInTransition).toEqual([]);
    // …but in the next one.
    await new Promise((resolve) => setTimeout(resolve));
    expect(hydratedInTransition).toEqual([true]);
  });

  it("asks for the title at once when the live channel says it changed (live:nowplaying)", async () => {
    document.body.innerHTML =
      `<div data-radio-player>${renderToString(<RadioPlayer {...PROPS} />)}</div>` +
      renderToString(<IslandProps value={PROPS} />);
    let title = "Morning Drive";
    const fetch = vi.fn(async () => Response.json({ title, recent: [] }));
    vi.stubGlobal("fetch", fetch);
    await import("./radio");
    await vi.waitFor(() => expect(document.body.textContent).toContain("Morning Drive"));
    // Within vi.waitFor's 1 s, long before the 15 s poll: the live island's event alone brings
    // the new title.
    title = "Storm Coverage";
    window.dispatchEvent(new Event("live:nowplaying"));
    await vi.waitFor(() => expect(document.body.textContent).toContain("Storm Coverage"));
  });

  it("says it is ready on a page without the player", async () => {
    await import("./radio");
    expect(document.documentElement.getAttribute(ISLANDS_READY)).toBe("radio");
  });
});
