import type { APIRoute } from 'astro';
import { rssResponse } from '../server/documents/rss-route';

export const prerender = true;
export const GET: APIRoute = () => rssResponse('pl');
