/**
 * The preview tells what the check knows: under `npm run dev`, every save in content/ re-runs the
 * content check, and while it finds errors every HTML page of the preview opens with a banner listing
 * them. Astro keeps serving the last version of a file its schema refuses, so without the banner a
 * page would look fine while the site could not be built.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkContentTree, errorList, reportLanguage } from '../editor/content-cli';
import { reportWords, type Language } from '../editor/messages';

export interface ContentWatch {
  /** The errors as of the last save (checked again first if a file changed since). */
  errors(): string[];
  /** A file under content/ was added, changed or removed. */
  changed(): void;
}

/** Checks the tree at most once per change, when someone asks; `onCheck` hears each new result. */
export function watchContent(root: string, onCheck: (errors: string[]) => void): ContentWatch {
  let current = errorList(checkContentTree(root));
  let stale = false;
  let timer: NodeJS.Timeout | undefined;
  const recheck = () => {
    clearTimeout(timer);
    stale = false;
    current = errorList(checkContentTree(root));
    onCheck(current);
  };
  return {
    errors() {
      if (stale) recheck();
      return current;
    },
    changed() {
      stale = true;
      // An editor's save touches a file more than once: report once the burst is over.
      clearTimeout(timer);
      timer = setTimeout(() => stale && recheck(), 200);
      timer.unref();
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The banner: plain HTML with its style inline (no stylesheet of the site to depend on). */
export function problemBanner(errors: string[], language: Language = reportLanguage()): string {
  const items = errors.map((line) => `<li style="margin:.25em 0">${escapeHtml(line.replace(/^ERROR\s+/, ''))}</li>`).join('');
  return (
    `<div role="alert" id="content-problems" lang="${language}" style="position:relative;z-index:2147483647;margin:0;padding:1em 1.25em;` +
    `background:#fff4e5;color:#3b2300;border-bottom:3px solid #b35900;font:15px/1.45 system-ui,sans-serif">` +
    `<strong>${escapeHtml(reportWords[language].previewRefused(errors.length))}</strong>` +
    `<ul style="margin:.5em 0 0;padding-left:1.25em;font-family:ui-monospace,monospace;font-size:13px;white-space:pre-wrap">${items}</ul></div>`
  );
}

/** Pages and files the banner never goes into: the editor, Vite's and Astro's own requests. */
const untouched = /^\/(keystatic|api\/keystatic|@|_astro|_image|node_modules|src)\b/;

/**
 * A connect middleware for the dev server: an HTML answer gets the banner right after its <body>
 * while `errors()` has any. The answer is held until it ends (a preview page, never a stream that matters).
 */
export function bannerMiddleware(errors: () => string[]) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if (request.method !== 'GET' || untouched.test(request.url ?? '/')) return next();
    const found = errors();
    if (!found.length) return next();
    const chunks: Buffer[] = [];
    let html: boolean | undefined;
    const isHtml = () => (html ??= /text\/html/i.test(String(response.getHeader('content-type') ?? '')));
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
    response.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.find((part) => part && typeof part === 'object' && !Array.isArray(part)) as Record<string, unknown> | undefined;
      if (headers) {
        for (const name of Object.keys(headers)) {
          if (name.toLowerCase() === 'content-type') html = /text\/html/i.test(String(headers[name]));
        }
        if (isHtml()) for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') delete headers[name];
      }
      if (isHtml()) response.removeHeader('content-length');
      return writeHead(status, ...rest);
    }) as typeof response.writeHead;
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!isHtml()) return write(chunk, ...rest);
      if (chunk != null) chunks.push(Buffer.from(chunk as string | Uint8Array));
      return true;
    }) as typeof response.write;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!isHtml()) return end(chunk, ...rest);
      if (chunk != null && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string | Uint8Array));
      const page = Buffer.concat(chunks).toString('utf8');
      const withBanner = page.replace(/<body[^>]*>/i, (tag) => tag + problemBanner(found));
      if (!response.headersSent) response.removeHeader('content-length');
      return end(withBanner);
    }) as typeof response.end;
    next();
  };
}
