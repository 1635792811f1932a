import { ready } from "./lib/ready";
import { fetchPage, untilReady } from "./lib/until-ready";

/**
 * Loaded only by a page with a block of news loading or failed (NewsState): it asks for the page
 * again until its news is ready, and shows what it gets without a reload.
 */
const main = document.getElementById("main-content");
if (main) untilReady(main, () => fetchPage(location.href));

ready("until-ready");
