/**
 * Social share images (1200×630 PNG) and app icons, rendered at build: satori lays out the text
 * with the display face from @fontsource (no download), resvg rasterises the SVG.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { brand, logoSvg } from './brand';

const require = createRequire(import.meta.url);
const font = (subset: string, weight: number) =>
  readFileSync(require.resolve(`@fontsource/bricolage-grotesque/files/bricolage-grotesque-${subset}-${weight}-normal.woff`));

let fonts: Parameters<typeof satori>[1]['fonts'] | undefined;
function loadFonts() {
  fonts ??= [700, 400].flatMap((weight) => ['latin', 'latin-ext'].map((subset) => ({
    name: subset === 'latin' ? 'Display' : 'Display Ext', data: font(subset, weight), weight: weight as 400 | 700, style: 'normal' as const,
  })));
  return fonts;
}

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const h = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({ type, props: { style, children, ...extra } });

export interface OgCard { title: string; kind: string; site: string; host: string }

export async function ogImagePng({ title, kind, site, host }: OgCard): Promise<Uint8Array<ArrayBuffer>> {
  const titleSize = title.length > 70 ? 54 : title.length > 40 ? 62 : 76;
  const tree = h('div', { width: 1200, height: 630, display: 'flex', flexDirection: 'column', backgroundColor: brand.paper, backgroundImage: `radial-gradient(circle at 1150px 60px, ${brand.accentSoft} 0, ${brand.accentSoft} 200px, ${brand.paper} 201px)`, paddingTop: 64, paddingBottom: 64, paddingLeft: 72, paddingRight: 72, fontFamily: "'Display', 'Display Ext'", color: brand.ink }, [
    h('div', { display: 'flex', alignItems: 'center', gap: 20 }, [
      h('img', { width: 64, height: 64 }, undefined, { src: `data:image/svg+xml;base64,${Buffer.from(logoSvg(64)).toString('base64')}`, width: 64, height: 64 }),
      h('div', { fontSize: 34, fontWeight: 700, letterSpacing: -0.5 }, site),
      h('div', { display: 'flex', width: 72, height: 8, borderRadius: 8, backgroundColor: brand.accent, marginLeft: 12 }),
      h('div', { display: 'flex', fontSize: 26, color: brand.muted, fontWeight: 400 }, host),
    ]),
    // Top-aligned under the brand and last: satori may measure a wrapped title a line short.
    h('div', { display: 'flex', flexDirection: 'column', maxWidth: 1000, marginTop: 120 }, [
      ...(kind.toLowerCase() === title.toLowerCase() ? [] : [h('div', { fontSize: 26, fontWeight: 700, color: brand.accent, textTransform: 'uppercase', letterSpacing: 3, marginBottom: 18 }, kind)]),
      h('div', { fontSize: titleSize, fontWeight: 700, lineHeight: 1.06, letterSpacing: -2 }, title),
    ]),
  ]);
  const svg = await satori(tree as never, { width: 1200, height: 630, fonts: loadFonts() });
  return new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: 1200 } }).render().asPng());
}

/** The brand mark as a square PNG (app icons): full-bleed for maskable icons. */
export function iconPng(size: number, maskable = false): Uint8Array<ArrayBuffer> {
  return new Uint8Array(new Resvg(logoSvg(size, !maskable), { fitTo: { mode: 'width', value: size } }).render().asPng());
}
