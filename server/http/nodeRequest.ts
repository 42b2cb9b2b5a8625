import { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { HttpBindings } from "@hono/node-server";

/**
 * Reading a request straight from Node's `IncomingMessage`, for the calls that answer every
 * beacon (POST /collect; docs/engine.md, "Collection log"). Under @hono/node-server, `c.req.raw`
 * is a light object until the body or the headers are asked for; then a whole fetch `Request`
 * is built (an AbortController, a Headers copy of every header, a web stream over the socket),
 * which cost more CPU than the rest of a beacon's path. These read the same things from Node's
 * message, and fall back on `c.req` where there is none (`app.request()` in tests), with the
 * same answers either way.
 */

/** The Node message under the request, when the app is served by @hono/node-server (not under `app.request()`). */
const incomingOf = (c: Context): IncomingMessage | null => {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : null;
};

/** A request header as fetch's `Headers.get` gives it: null when absent, repeated values joined with ", ". */
export const requestHeader = (c: Context, name: string): string | undefined => {
  const incoming = incomingOf(c);
  if (incoming === null) return c.req.header(name);
  const values = incoming.headersDistinct[name.toLowerCase()];
  return values === undefined ? undefined : values.join(", ");
};

/** What reading a body within a size gave: its text (UTF-8, a leading byte order mark dropped, as `Request.text()`), or too large. */
export type BodyText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly tooLarge: true };

const tooLarge: BodyText = { ok: false, tooLarge: true };

/** UTF-8 decoding as fetch's `text()`: malformed bytes as U+FFFD, a leading byte order mark dropped. */
const decodeUtf8 = (bytes: Buffer): string => {
  const text = bytes.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
};

/** A declared Content-Length (when there is no Transfer-Encoding) over `maxBytes`: refused before a byte is read. */
const declaredTooLarge = (contentLength: string | undefined, transferEncoding: string | undefined, maxBytes: number): boolean =>
  transferEncoding === undefined && contentLength !== undefined && Number.parseInt(contentLength, 10) > maxBytes;

/**
 * The request body as text, read only while it stays within `maxBytes` (a declared
 * Content-Length over it is refused before reading; a body sent in chunks is counted as it
 * comes and refused once past it, the rest left to the server to drain). Rejects when the
 * client goes away mid-body.
 */
export const readBodyText = async (c: Context, maxBytes: number): Promise<BodyText> => {
  const incoming = incomingOf(c);
  if (incoming === null) return readFetchBodyText(c, maxBytes);
  const contentLength = incoming.headers["content-length"];
  const transferEncoding = incoming.headers["transfer-encoding"];
  if (declaredTooLarge(contentLength, transferEncoding, maxBytes)) return tooLarge;
  if (incoming.readableEnded) return { ok: true, text: "" };
  return new Promise<BodyText>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (): void => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        finish();
        chunks.length = 0;
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      finish();
      resolve({ ok: true, text: decodeUtf8(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)) });
    };
    const onError = (error: Error): void => {
      finish();
      reject(error);
    };
    const onClose = (): void => {
      finish();
      reject(new Error("the client closed the connection before the body ended"));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
};

/** The same reading over fetch's Request (no Node message: `app.request()`). */
const readFetchBodyText = async (c: Context, maxBytes: number): Promise<BodyText> => {
  const raw = c.req.raw;
  if (declaredTooLarge(raw.headers.get("content-length") ?? undefined, raw.headers.get("transfer-encoding") ?? undefined, maxBytes)) return tooLarge;
  if (raw.body === null) return { ok: true, text: "" };
  const reader = raw.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      return tooLarge;
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return { ok: true, text: decodeUtf8(Buffer.concat(chunks, size)) };
};
