import * as Slider from "@radix-ui/react-slider";
import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLoaderData } from "react-router";
import { PAGES } from "~/lib/pages";
import { metaForPage, useSite } from "~/lib/root-data";
import type { Route } from "./+types/radio";

/** SPEC.md §9 radio constants. */
export const DEFAULT_VOLUME = 0.9;
const VOLUME_STEP = 0.01;
const NOW_PLAYING_POLL_MS = 15_000;
/** A stalled stream is retried this many times (1 s, 2 s, 4 s) before the error shows. */
const STALL_RETRIES = 3;

const PLAY_FAILED = "Unable to start playback. Please try again.";
const STREAM_FAILED = "Stream temporarily unavailable.";
const NO_TITLE = "Live programming from our station stream.";

export function loader({ context }: Route.LoaderArgs) {
  const port = context.site.radio.ports[0] ?? 8076;
  return { streamUrl: `/api/stream?port=${port}` };
}

export function meta({ matches }: Route.MetaArgs) {
  return metaForPage(PAGES.radio, matches);
}

export default function Radio() {
  const { streamUrl } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState<string | null>(null);
  const retries = useRef(0);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    if (audio.current) audio.current.muted = muted;
  }, [muted]);

  // Now playing: asked when the page opens, when playback starts (the relay learns the title once
  // it is connected) and every 15 s while the page is open.
  const mounted = useRef(true);
  const refreshTitle = useCallback(async () => {
    try {
      const res = await fetch("/api/radio/now-playing");
      if (res.ok && mounted.current) {
        setTitle(((await res.json()) as { title: string | null }).title);
      }
    } catch {
      // keep the last title
    }
  }, []);
  useEffect(() => {
    mounted.current = true;
    const first = window.setTimeout(refreshTitle, 0);
    const timer = window.setInterval(refreshTitle, NOW_PLAYING_POLL_MS);
    return () => {
      mounted.current = false;
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [refreshTitle]);

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: title ?? "Live Radio",
      artist: site.name,
      album: "24/7 live stream",
    });
  }, [title, site.name]);

  const play = useCallback(async () => {
    const el = audio.current;
    if (!el) return;
    setError(null);
    // The stream is fetched only now, on the reader's click: never preloaded, never autoplayed.
    // After a failed stream, a click loads it afresh.
    if (!el.getAttribute("src") || el.error) el.src = streamUrl;
    try {
      await el.play();
      setPlaying(true);
    } catch {
      setPlaying(false);
      // The stream could not be loaded (the station is down, say), or the browser refused to play.
      setError(el.error ? STREAM_FAILED : PLAY_FAILED);
    }
  }, [streamUrl]);

  const pause = () => {
    audio.current?.pause();
    setPlaying(false);
  };

  const onStalled = () => {
    const el = audio.current;
    if (!el || !playing) return;
    if (retries.current >= STALL_RETRIES) {
      setError(STREAM_FAILED);
      return;
    }
    const delay = 1000 * 2 ** retries.current;
    retries.current++;
    window.setTimeout(() => {
      el.src = `${streamUrl}&retry=${retries.current}`;
      void el.play().catch(() => setError(STREAM_FAILED));
    }, delay);
  };

  const changeVolume = ([value]: number[]) => {
    const v = Math.min(1, Math.max(0, value ?? 0));
    setVolume(v);
    if (v > 0 && muted) setMuted(false);
  };

  const showMuted = muted || volume === 0;
  const button = "flex h-14 w-14 items-center justify-center rounded-full";

  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-xl flex-col px-4 py-6">
      <p>
        <Link to="/" className="link inline-flex min-h-11 items-center">
          Back to Home
        </Link>
      </p>
      <section
        aria-labelledby="radio-title"
        className="mt-6 rounded-2xl bg-ink p-6 text-white shadow-xl"
      >
        <h1 id="radio-title" className="font-serif text-3xl font-bold">
          {PAGES.radio.heading}
        </h1>
        <p className="text-stone-300">24/7 live stream</p>
        <div className="mt-6 flex items-center gap-4">
          <button
            type="button"
            onClick={() => (playing ? pause() : void play())}
            aria-label={playing ? "Pause" : "Play"}
            className={`${button} bg-accent hover:bg-accent-dark`}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </button>
          <button
            type="button"
            onClick={() => setMuted((m) => !m)}
            aria-label={muted ? "Unmute" : "Mute"}
            aria-pressed={muted}
            className={`${button} h-11 w-11 border border-stone-500 hover:bg-white/10`}
          >
            {showMuted ? (
              <VolumeX aria-hidden="true" data-icon="muted" />
            ) : (
              <Volume2 aria-hidden="true" data-icon="volume" />
            )}
          </button>
          <Slider.Root
            className="relative flex h-11 flex-1 touch-none items-center select-none"
            min={0}
            max={1}
            step={VOLUME_STEP}
            value={[volume]}
            onValueChange={changeVolume}
            aria-label="Volume"
          >
            <Slider.Track className="relative h-1.5 grow rounded-full bg-stone-600">
              <Slider.Range className="absolute h-full rounded-full bg-white" />
            </Slider.Track>
            <Slider.Thumb
              aria-label="Volume"
              className="block h-5 w-5 rounded-full bg-white shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            />
          </Slider.Root>
        </div>
        {error && (
          <p role="alert" className="mt-4 font-semibold text-red-300">
            {error}
          </p>
        )}
        {/* A live radio stream has no caption track to offer. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <audio
          ref={audio}
          preload="none"
          crossOrigin="anonymous"
          onError={() => {
            if (audio.current?.getAttribute("src")) setError(STREAM_FAILED);
            setPlaying(false);
          }}
          onStalled={onStalled}
          onPlaying={() => {
            retries.current = 0;
            setError(null);
            void refreshTitle();
          }}
        />
        <section aria-labelledby="now-playing" className="mt-6 border-t border-stone-700 pt-4">
          <h2
            id="now-playing"
            className="text-xs font-semibold tracking-wider text-stone-300 uppercase"
          >
            Now Playing
          </h2>
          <p className="mt-1 text-lg" aria-live="polite">
            {title ?? NO_TITLE}
          </p>
        </section>
      </section>
      <p className="mt-6 text-sm text-muted">
        If audio doesn't start, click play. Some browsers block autoplay with sound until you
        interact.
      </p>
    </main>
  );
}
