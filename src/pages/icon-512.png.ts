/** The 512 px app icon (web app manifest), from the brand mark. */
import type { APIRoute } from 'astro';
import { iconPng } from '../server/og/render';

export const prerender = true;
export const GET: APIRoute = () => new Response(iconPng(512), { headers: { 'Content-Type': 'image/png' } });
