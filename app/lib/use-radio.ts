import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useVisibleInterval } from "./use-visible-interval";

/** docs/product.md §9 radio constants. */
export const DEFAULT_VOLUME = 0.9;
export const VOLUME_STEP = 0.01;
/** How often Now Playing is asked for while the page is in view. */
export const NOW_PLAYING_POLL_MS = 15_000;
/** A stalled stream is retried this many times (1 s, 2 s, 4 s) before the error shows. */
export const STALL_RETRIES = 3;

/**
 * The words the player's state machine says, in the edition's language (the server gives them:
 * the browser gets no catalogue): docs/product.md §8's two errors, and what lock screens show.
 */
export interface RadioStateWords {
  playFailed: string;
  streamFailed: string;
  /** The title shown while the station names none. */
  liveRadio: string;
  /** The album line ("24/7 live stream"). */
  liveStream: string;
}

export interface Radio {
  playing: boolean;
  muted: boolean;
  volume: number;
  error: string | null;
  /** The station's current title, or null when none is known. */
  title: string | null;
  /** The titles played last, newest first, as the relay remembers them. */
  recent: { title: string; at: number }[];
  /** Starts playback: only ever on the reader's click. */
  play(): Promise<void>;
  pause(): void;
  toggleMute(): void;
  /** Moves the volume (clamped to 0…1); moving it above 0 while muted unmutes. */
  changeVolume(value: number): void;
  /** What the <audio> element reports, to be wired to its events. */
  events: {
    onError(): void;
    onStalled(): void;
    onPlaying(): void;
  };
}

/**
 * The radio player's state machine (docs/product.md §4): stopped or playing, muted or not, a volume, the
 * two error texts, stall retries with backoff, the station's title from the relay, and Media
 * Session metadata for lock screens.
 */
export function useRadio(
  /** The <audio> element the player renders (never preloaded, never autoplayed). */
  audio: RefObject<HTMLAudioElement | null>,
  streamUrl: string,
  stationName: string,
  words: RadioStateWords,
): Radio {
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retries = useRef(0);
  const level = useVolume(audio);
  const [title, recent, refreshTitle] = useNowPlaying(stationName, words);
  const streamFailed = () => setError(words.streamFailed);

  return {
    playing,
    ...level,
    error,
    title,
    recent,
    play: async () => {
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
        // The stream could not be loaded (the station is down, say), or the browser refused to
        // play.
        setError(el.error ? words.streamFailed : words.playFailed);
      }
    },
    pause: () => {
      audio.current?.pause();
      setPlaying(false);
    },
    events: {
      onError: () => {
        if (audio.current?.getAttribute("src")) streamFailed();
        setPlaying(false);
      },
      // A stalled stream is loaded again after 1 s, 2 s, then 4 s; then the error shows.
      onStalled: () => {
        const el = audio.current;
        if (!el || !playing) return;
        if (retries.current >= STALL_RETRIES) return streamFailed();
        const delay = 1000 * 2 ** retries.current;
        retries.current++;
        window.setTimeout(() => {
          el.src = `${streamUrl}&retry=${retries.current}`;
          void el.play().catch(streamFailed);
        }, delay);
      },
      onPlaying: () => {
        retries.current = 0;
        setError(null);
        void refreshTitle();
      },
    },
  };
}

/**
 * The player's volume and mute, kept on the <audio> element: moving the volume clamps it to 0…1,
 * and moving it above 0 while muted unmutes.
 */
function useVolume(
  audio: RefObject<HTMLAudioElement | null>,
): Pick<Radio, "muted" | "volume" | "toggleMute" | "changeVolume"> {
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [audio, volume]);
  useEffect(() => {
    if (audio.current) audio.current.muted = muted;
  }, [audio, muted]);
  return {
    muted,
    volume,
    toggleMute: () => setMuted((m) => !m),
    changeVolume: (value) => {
      const v = Math.min(1, Math.max(0, value));
      setVolume(v);
      if (v > 0 && muted) setMuted(false);
    },
  };
}

/**
 * Now playing, from the relay: the title and the titles played last, asked when the page opens,
 * when playback starts (the relay learns the title once it is connected: the player calls the
 * refresh this returns), every 15 s while the page is in view, and at once when the live channel
 * says the title changed (app/islands/live.ts). Lock-screen and media-key controls name it.
 */
function useNowPlaying(
  stationName: string,
  words: RadioStateWords,
): [title: Radio["title"], recent: Radio["recent"], refresh: () => Promise<void>] {
  const [title, setTitle] = useState<string | null>(null);
  const [recent, setRecent] = useState<Radio["recent"]>([]);
  const mounted = useRef(true);
  const refreshTitle = useCallback(async () => {
    try {
      const res = await fetch("/api/radio/now-playing");
      if (res.ok && mounted.current) {
        const now = (await res.json()) as Pick<Radio, "title" | "recent">;
        setTitle(now.title);
        setRecent(Array.isArray(now.recent) ? now.recent : []);
      }
    } catch {
      // keep the last title
    }
  }, []);
  useEffect(() => {
    mounted.current = true;
    const first = window.setTimeout(refreshTitle, 0);
    return () => {
      mounted.current = false;
      window.clearTimeout(first);
    };
  }, [refreshTitle]);
  useVisibleInterval(() => void refreshTitle(), NOW_PLAYING_POLL_MS);
  useEffect(() => {
    const changed = () => void refreshTitle();
    window.addEventListener("live:nowplaying", changed);
    return () => window.removeEventListener("live:nowplaying", changed);
  }, [refreshTitle]);
  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: title ?? words.liveRadio,
      artist: stationName,
      album: words.liveStream,
    });
  }, [title, stationName, words.liveRadio, words.liveStream]);
  return [title, recent, refreshTitle];
}
