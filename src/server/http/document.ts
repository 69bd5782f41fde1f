/**
 * The one way to serve a constant document (the same bytes for the life of the process: it depends
 * only on code, content and settings). Bytes, length and a strong ETag are computed on the first
 * request and kept; If-None-Match answers 304; HEAD is answered by `endpoint()`.
 */
import { createHash } from 'node:crypto';
import type { Handler } from './endpoint';

export interface DocumentOptions {
  /** Default `application/json; charset=utf-8`. */
  contentType?: string;
  /** JSON without indentation (large documents read by programs); default indented by two spaces. */
  compact?: boolean;
  /** Default `public, max-age=300`. */
  cacheControl?: string;
}

interface Prepared {
  bytes: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A GET handler for the document `build` returns (a string as is, any other value as JSON). */
export function constantDocument(build: () => unknown, options: DocumentOptions = {}): Handler {
  let prepared: Promise<Prepared> | undefined;
  const prepare = async (): Promise<Prepared> => {
    const value = await build();
    const text = typeof value === 'string' ? value : JSON.stringify(value, null, options.compact ? undefined : 2);
    const bytes = new TextEncoder().encode(text);
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    return {
      bytes,
      headers: {
        'Content-Type': options.contentType ?? 'application/json; charset=utf-8',
        'Content-Length': String(bytes.byteLength),
        ETag: etag,
        'Cache-Control': options.cacheControl ?? 'public, max-age=300',
      },
    };
  };
  return async ({ request, isPrerendered }) => {
    // A failed build is not kept: the next request tries again.
    const { bytes, headers } = await (prepared ??= prepare().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    }));
    // A prerendered document is written to a file at build time: there is no request to answer 304 to.
    if (!isPrerendered && matches(request.headers.get('if-none-match'), headers.ETag!)) {
      const { 'Content-Length': _length, ...rest } = headers;
      return new Response(null, { status: 304, headers: rest });
    }
    return new Response(bytes, { headers });
  };
}

/** If-None-Match: `*` or a list of tags, weak or strong (RFC 9110 uses the weak comparison here). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
