import { threadId, type MessagePort } from "node:worker_threads";
import { Piscina } from "piscina";
import type { ServerBuild } from "react-router";
import { CONTACT_LIMITS } from "../messages/limits";
import { borrowIo } from "./channel";
import { onUnknownWeatherText } from "../../common/i18n/weather-words";
import { renderPage, requestHandlers, type RenderOutput } from "./page";
import type { WorkerSetup, WorkerTask } from "./pool";

/**
 * A render worker (RenderPool): loads the React Router build once, then makes the pages it is
 * given, reading news and messages over each task's port.
 */
const setup = Piscina.workerData as WorkerSetup;
const build = (await import(setup.build)) as ServerBuild;
const handle = requestHandlers(build, "production");
/** The weather texts without a translation found since the last page went back (each once). */
const untranslated: NonNullable<RenderOutput["untranslated"]> = [];
onUnknownWeatherText((kind, text, language) => untranslated.push([kind, text, language]));

export default async function render({ task, port }: WorkerTask) {
  // The DOM's MessagePort in the task's type is node:worker_threads' one here.
  const io = borrowIo(port as unknown as MessagePort, CONTACT_LIMITS);
  try {
    const page: RenderOutput = await renderPage(handle, task, setup.settings, io);
    // The body's memory goes to the request thread rather than being copied (its own buffer:
    // a pooled one would take its neighbours with it).
    const body =
      page.body.byteOffset === 0 && page.body.byteLength === page.body.buffer.byteLength
        ? page.body
        : page.body.slice();
    return Piscina.move({
      get [Piscina.transferableSymbol]() {
        return [body.buffer];
      },
      get [Piscina.valueSymbol]() {
        return { ...page, body, thread: threadId, untranslated: untranslated.splice(0) };
      },
    } as never);
  } finally {
    port.close();
  }
}
