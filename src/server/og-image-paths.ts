/**
 * Where each page's social share image (og:image, 1200×630 PNG generated at build by
 * src/pages/og/[...image].png.ts) lives: `/og/<page path>.png`, the home pages `/og/home-pl.png`
 * and `/og/home-en.png`. Pages without a prerendered image of their own (404, /status/) pass
 * their language's home path.
 */
export function ogImagePath(pagePath: string): string {
  if (pagePath === '/') return '/og/home-pl.png';
  if (pagePath === '/en/') return '/og/home-en.png';
  return `/og/${pagePath.replace(/^\/|\/$/g, '')}.png`;
}
