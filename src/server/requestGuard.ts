// Who may talk to the loopback fixture server. Any web page the user visits can send requests to
// 127.0.0.1, so by default: no CORS headers, a loopback Host (against DNS rebinding), no foreign
// Origin, no cross-site request without CORS (an <img> or a no-cors fetch: it sends no Origin, but
// it would open a stream slot and start playback), the per-run token on reads and writes (a page
// cannot attach it without CORS), and writes need JSON. Origins are opted in one by one.
import type { IncomingMessage } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface GuardOptions {
  /** Origins (scheme://host:port) whose pages may read and write, e.g. a Storybook preview. */
  allowOrigin?: readonly string[];
  /** The listen host, accepted as a Host name besides the loopback names. */
  host?: string;
  /** Reads (`GET /events`, `GET /thread`) without the token. Default false: only token holders read. */
  openReads?: boolean;
}

export interface Refusal {
  status: number;
  error: string;
  headers?: Record<string, string>;
}

export interface RequestGuard {
  /** Headers every answer to this request carries (CORS for an allowed origin, else none). */
  corsHeaders(req: IncomingMessage): Record<string, string>;
  /** Why a request is refused before routing, or undefined. */
  refuse(req: IncomingMessage): Refusal | undefined;
  /** The request carries the server's token (`Authorization: Bearer <token>`). */
  holdsToken(req: IncomingMessage): boolean;
  /** The answer to a CORS preflight. */
  preflight(req: IncomingMessage): { status: number; headers: Record<string, string> };
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]', '::1'];
const ALLOWED_HEADERS = 'Content-Type, Authorization, Accept, Last-Event-ID, Cache-Control';

/** A fresh random token for one run of the server. */
export function newWriteToken(): string {
  return randomBytes(24).toString('hex');
}

/** Returns the origin a flag names, or undefined when it is not a plain http(s) origin. */
export function parseOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === value.replace(/\/$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function hostName(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.lastIndexOf(':');
  return (colon >= 0 ? hostHeader.slice(0, colon) : hostHeader).toLowerCase();
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export function createRequestGuard(writeToken: string, options: GuardOptions = {}): RequestGuard {
  const allowed = new Set(options.allowOrigin ?? []);
  const hosts = new Set([...LOOPBACK_NAMES, ...(options.host ? [options.host.toLowerCase()] : [])]);

  const originOf = (req: IncomingMessage) => (typeof req.headers.origin === 'string' ? req.headers.origin : undefined);
  // A page served by this server itself would be same-origin; it serves none, but allow it.
  const ownOrigin = (origin: string, req: IncomingMessage) => {
    const parsed = parseOrigin(origin);
    return parsed !== undefined && parsed.startsWith('http://') && hosts.has(hostName(new URL(parsed).host)) && new URL(parsed).port === String(req.socket.localPort);
  };
  const holdsToken = (req: IncomingMessage) => {
    const auth = req.headers.authorization ?? '';
    return auth.startsWith('Bearer ') && sameSecret(auth.slice('Bearer '.length).trim(), writeToken);
  };
  const originAllowed = (req: IncomingMessage) => {
    const origin = originOf(req);
    return origin === undefined || allowed.has(origin) || ownOrigin(origin, req);
  };

  return {
    corsHeaders(req): Record<string, string> {
      const origin = originOf(req);
      if (origin === undefined || !allowed.has(origin)) return {};
      return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    },

    refuse(req) {
      const host = req.headers.host;
      if (host !== undefined && !hosts.has(hostName(host))) return { status: 421, error: 'this server answers only loopback host names' };
      if (!originAllowed(req)) return { status: 403, error: 'this origin is not allowed (start the server with --allow-origin to opt one in)' };
      // A browser names the site a request comes from; one from another site without an Origin
      // (no-cors) is never the page of an allowed origin, which uses CORS.
      const site = req.headers['sec-fetch-site'];
      if ((site === 'cross-site' || site === 'same-site') && originOf(req) === undefined) return { status: 403, error: 'a request from another site must use CORS' };
      if (req.method === 'OPTIONS') return undefined; // a preflight carries no token; preflight() answers it
      if (req.method !== 'POST' && options.openReads) return undefined;
      if (!holdsToken(req)) {
        return { status: 401, error: 'requests need the token the server printed at start (Authorization: Bearer <token>)', headers: { 'WWW-Authenticate': 'Bearer' } };
      }
      if (req.method === 'POST' && mediaType(req) !== 'application/json') return { status: 415, error: 'writes must be Content-Type: application/json' };
      return undefined;
    },

    holdsToken,

    preflight(req): { status: number; headers: Record<string, string> } {
      const origin = originOf(req);
      const none: Record<string, string> = {};
      if (origin === undefined || !allowed.has(origin)) return { status: 403, headers: none };
      return {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': 'GET, POST',
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '600',
          Vary: 'Origin',
        },
      };
    },
  };
}
