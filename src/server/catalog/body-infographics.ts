/**
 * An infographic an article writes as HTML (`<figure class="infographic">`, docs/editing.md) is for
 * the page, where its words stay text at any width. What reads the body as text (the Markdown twins,
 * llms-full.txt, /ask) gets it as Markdown: the figure's caption in bold, then a line per card.
 */
export function infographicsAsMarkdown(body: string): string {
  return body.replace(/<figure class="infographic">([\s\S]*?)<\/figure>/g, (_whole, inner: string) => {
    const caption = /<figcaption>([\s\S]*?)<\/figcaption>/.exec(inner)?.[1]?.trim();
    const cards = [...inner.matchAll(/<li[^>]*>\s*<strong>([\s\S]*?)<\/strong>([\s\S]*?)<\/li>/g)]
      .map(([, title, text]) => `- **${title!.trim()}**: ${text!.trim()}`);
    return [caption && `**${caption}**`, cards.join('\n')].filter(Boolean).join('\n\n');
  });
}
