import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/**
 * The current time for relative dates: the server's request time during hydration (so server
 * and client render the same text), then the browser's clock, refreshed every minute.
 */
export function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
