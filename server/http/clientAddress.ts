import type { Context } from "hono";
import type { HttpBindings } from "@hono/node-server";
import { requestHeader } from "./nodeRequest";

/**
 * The client address the per-address throttles key on.
 * - The socket's remote address, always, unless that peer is a trusted proxy
 *   (`TRUSTED_PROXIES`, exact addresses): then the right-most address of
 *   `X-Forwarded-For` that is not itself a trusted proxy. A header sent by anyone else
 *   is ignored, so a client cannot pick its own key.
 * - IPv4-mapped IPv6 (`::ffff:127.0.0.1`) reads as IPv4; other IPv6 addresses count by
 *   their /64, which one subscriber usually holds whole.
 * - Under `app.request()` (tests) there is no socket: the peer is "local", or what a test
 *   passes as `incoming.socket.remoteAddress` in the env.
 */
export const clientAddressOf = (c: Context, trustedProxies: ReadonlySet<string>): string => {
  const peer = normalisedAddress((c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress ?? "local");
  if (!trustedProxies.has(peer)) return throttledUnit(peer);
  const forwarded = (requestHeader(c, "X-Forwarded-For") ?? "")
    .split(",")
    .map((part) => normalisedAddress(part.trim()))
    .filter((part) => part !== "");
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i] ?? "";
    if (!trustedProxies.has(hop)) return throttledUnit(hop);
  }
  return throttledUnit(peer);
};

/** Without a zone id, IPv4-mapped IPv6 as plain IPv4, lower case. */
export const normalisedAddress = (address: string): string => {
  const bare = address.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped?.[1] ?? bare;
};

/** An IPv6 address's /64 (`2001:db8:0:1::/64`); anything else as it is. */
export const throttledUnit = (address: string): string => {
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("::");
  const front = head === "" ? [] : head.split(":");
  const back = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
};

/** `TRUSTED_PROXIES`: addresses separated by commas or spaces. */
export const trustedProxiesFrom = (raw: string | undefined): ReadonlySet<string> =>
  new Set(
    (raw ?? "")
      .split(/[\s,]+/)
      .map((part) => normalisedAddress(part.trim()))
      .filter((part) => part !== ""),
  );
