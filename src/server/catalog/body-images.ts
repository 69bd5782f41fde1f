/**
 * Images an editor puts next to a Markdown file (`![alt](./picture.png)`) are optimised by Astro for
 * the page; the Markdown twins, llms-full.txt and /ask read the body as written, where that relative
 * path would lead nowhere. This points each such image at the file Astro emitted, as an absolute URL.
 */
import type { ImageMetadata } from 'astro';

/** `collection` and `id` name the entry (e.g. `articles`, `pl/some-slug`); `origin` is SITE_URL. */
export function resolveBodyImages(body: string, collection: string, id: string, origin: string): string {
  // Every image beside a content file, known at build time (Vite emits each one under /_astro/). Read
  // here, not at load: the catalog module also loads outside Vite (the bench), where glob does not exist.
  const images = import.meta.glob<{ default: ImageMetadata }>('/content/**/*.{png,jpg,jpeg,webp,avif,gif,svg}', { eager: true });
  const folder = `/content/${collection}/${id.split('/').slice(0, -1).join('/')}`;
  return body.replace(/(!\[[^\]]*\]\()(\.{1,2}\/[^)\s]+)/g, (whole, opening: string, relativePath: string) => {
    const resolved = new URL(relativePath, `file://${folder}/`).pathname;
    const image = images[decodeURI(resolved)]?.default;
    return image ? `${opening}${new URL(image.src, origin).href}` : whole;
  });
}
