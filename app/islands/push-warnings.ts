import { PUSH_SECTION, startPushWarnings } from "./lib/push-warnings";
import { ready } from "./lib/ready";

/**
 * Warnings by Web Push on /weather and in storm mode (PushWarnings): each "Warn me about" form of
 * the page made to work (app/islands/lib/push-warnings.ts), or hidden where this browser cannot
 * get pushes.
 */
for (const section of document.querySelectorAll<HTMLElement>(PUSH_SECTION)) {
  startPushWarnings(section);
}

ready("push-warnings");
