/** The 180 px home-screen icon (iOS), from the brand mark. */
import type { APIRoute } from 'astro';
import { iconPng } from '../server/og/render';

export const prerender = true;
export const GET: APIRoute = () => new Response(iconPng(180, true), { headers: { 'Content-Type': 'image/png' } });
