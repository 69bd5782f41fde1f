import type { APIRoute } from 'astro';
import { build } from 'esbuild';

export const prerender = true;

/**
 * The WebMCP script (src/webmcp/register.ts) at a stable address, so the feature-checked inline
 * loader in WebMcpLoader.astro can import it. Bundled with esbuild when the site is built (Vite's
 * hashed chunks cannot be named from an inline script).
 */
export const GET: APIRoute = async () => {
  const bundle = await build({
    entryPoints: ['src/webmcp/register.ts'],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'error',
  });
  return new Response(bundle.outputFiles[0]!.text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
