import { request as httpRequest } from "node:http";

/** An answer as a test reads it: status, headers and the body as text. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An answer with its body as bytes (requestAs). */
export interface BytesAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** How requestAs asks: GET unless told (POST when a body is given), with any other headers. */
export interface RequestAsOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const asText = (answer: BytesAnswer): Answer => ({
  ...answer,
  body: answer.body.toString("utf8"),
});

/**
 * A GET of `target` at `origin` naming `host` in its Host header (fetch may not set Host;
 * node:http may), with any other `headers`: how a test asks one process for several cities.
 */
export function getAs(
  origin: string,
  host: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return requestAs(origin, host, target, { headers }).then(asText);
}

/** A form post (urlencoded `form`) of `target` at `origin` naming `host`, from that host's page. */
export function postAs(
  origin: string,
  host: string,
  target: string,
  form: Record<string, string>,
): Promise<Answer> {
  const headers = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: `http://${host}`,
  };
  const body = new URLSearchParams(form).toString();
  return requestAs(origin, host, target, { headers, body }).then(asText);
}

/**
 * A request of `target` at `origin` naming `host` in its Host header, as `options` say; its
 * answer's body as bytes.
 */
export function requestAs(
  origin: string,
  host: string,
  target: string,
  options: RequestAsOptions = {},
): Promise<BytesAnswer> {
  const { headers = {}, body } = options;
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return new Promise((resolve, reject) => {
    // The target is sent as written: a path, or an absolute-form URL (as to a proxy), whose
    // host is only a name in the request line, never connected to.
    const { hostname, port } = new URL(origin);
    const req = httpRequest(
      {
        host: hostname,
        port,
        path: target,
        method,
        headers: { ...headers, Host: host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
