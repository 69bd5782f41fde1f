// The minimal endpoint: the recorded answer for this method and path (FLOOR_ANSWERS, a JSON file
// written by the benchmark), body read and dropped as a real endpoint would read it.
import { readFileSync } from 'node:fs';
import type { APIRoute } from 'astro';

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

const answers = new Map<string, { status: number; headers: Array<[string, string]>; body: Uint8Array<ArrayBuffer> }>(
  Object.entries(JSON.parse(readFileSync(process.env.FLOOR_ANSWERS!, 'utf8')) as Record<string, Answer>).map(([key, answer]) => [
    key,
    { ...answer, body: new Uint8Array(Buffer.from(answer.body, 'base64')) },
  ]),
);

export const prerender = false;

export const ALL: APIRoute = async ({ request, url }) => {
  const answer = answers.get(`${request.method} ${url.pathname}`);
  if (!answer) return new Response('not recorded', { status: 404 });
  if (request.body) await request.arrayBuffer();
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
};
