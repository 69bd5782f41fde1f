// Serves the built floor app: node:http handing every request to Astro's handler (middleware mode).
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const { handler } = await import(pathToFileURL(`${process.env.FLOOR_OUT_DIR}/server/entry.mjs`).href);
http.createServer((request, response) => handler(request, response)).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('floor listening'));
