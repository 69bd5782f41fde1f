/**
 * The form editor's save in local mode (`POST /api/keystatic/update`), checked first: a save the
 * content check refuses is answered 422 with the check's errors, which the editor shows in its notice,
 * and nothing is written; any other request goes to Keystatic's own handler unchanged. Injected by
 * ./form-editor.ts, so it exists only under `astro dev`.
 */
import type { APIRoute } from 'astro';
import { makeHandler } from '@keystatic/astro/api';
import config from '../../keystatic.config';
import { saveRefusal } from './save-check';

export const prerender = false;

const keystatic = makeHandler({ config });

export const ALL: APIRoute = async (context) => {
  const { request } = context;
  if (request.method !== 'POST') return keystatic(context);
  const body = await request.text();
  // Keystatic writes under the folder it runs in: the check reads content/ from the same place.
  const refusal = saveRefusal(process.cwd(), body, request.headers.get('accept-language'));
  if (refusal) return new Response(refusal, { status: 422, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return keystatic({ ...context, request: new Request(request.url, { method: 'POST', headers: request.headers, body }) });
};
