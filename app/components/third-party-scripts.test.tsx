// @vitest-environment happy-dom
// happy-dom fetches no script: an injected one counts as loaded, without a console error.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("~/lib/root-data", () => ({
  useSite: () => ({ islands: { embeds: "/assets/island-embeds.js" } }),
  // The page's locale, for the interface's words (useT).
  useRootData: () => ({ site: { locale: "en-US" } }),
}));
const { ThirdPartyScripts } = await import("./third-party-scripts");
const { AdBox } = await import("./ad-box");

type AdQueueWindow = Window & { adsbygoogle?: unknown[] };

afterEach(() => {
  document.body.innerHTML = "";
  delete (window as AdQueueWindow).adsbygoogle;
  vi.useRealTimers();
  vi.resetModules();
});

const srcs = () =>
  [...document.querySelectorAll("script[src]:not([data-island])")].map((s) =>
    s.getAttribute("src"),
  );

describe("ThirdPartyScripts", () => {
  it("names nothing, neither island nor script, when the site configures nothing", () => {
    expect(renderToStaticMarkup(<ThirdPartyScripts scripts={[]} />)).toBe("");
  });

  it("names the embeds island and gives it the scripts' URLs, loading none itself", () => {
    const html = renderToStaticMarkup(
      <ThirdPartyScripts scripts={["https://forms.example.com/embed.js?a=1&b=</script>"]} />,
    );
    expect(html).toBe(
      '<script type="text/x-island" data-island="embeds" data-src="/assets/island-embeds.js"></script>' +
        '<script type="application/json">["https://forms.example.com/embed.js?a=1&b=\\u003c/script>"]</script>',
    );
  });
});

describe("the embeds island", () => {
  it("loads each configured script once the page is loaded and idle, not before, once", async () => {
    vi.useFakeTimers();
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    const scripts = ["https://forms.example.com/embed.js", "https://ads.example/ad.js"];
    document.body.innerHTML = renderToStaticMarkup(<ThirdPartyScripts scripts={scripts} />);
    await import("~/islands/embeds");
    expect(document.documentElement.getAttribute("data-islands-ready")).toContain("embeds");
    expect(srcs()).toEqual([]);
    window.dispatchEvent(new Event("load"));
    await vi.runAllTimersAsync();
    expect(srcs()).toEqual(scripts);
    window.dispatchEvent(new Event("load"));
    await vi.runAllTimersAsync();
    expect(srcs()).toHaveLength(2);
    const script = document.querySelector("script[src^='https:']") as HTMLScriptElement;
    expect(script.async).toBe(true);
    expect(script.textContent).toBe("");
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
  });

  it("queues each ad slot of the page for the ad script, once, before the script loads", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = renderToStaticMarkup(
      <>
        <AdBox client="ca-pub-123" variant="vertical" className="" />
        <AdBox client="ca-pub-123" variant="horizontal" className="" />
        <ThirdPartyScripts scripts={["https://ads.example/ad.js"]} />
      </>,
    );
    await import("~/islands/embeds");
    expect((window as AdQueueWindow).adsbygoogle).toEqual([{}, {}]);
    expect(srcs()).toEqual([]);
    await vi.runAllTimersAsync();
    expect(srcs()).toEqual(["https://ads.example/ad.js"]);
  });
});
