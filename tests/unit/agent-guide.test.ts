/** The tools' roles and the booking flow are stated once and rendered into every set of instructions. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCatalog } from '../support/catalog-fixture';
import { systemPrompt } from '../../src/server/chat/system-prompt';
import { SERVER_INSTRUCTIONS } from '../../src/server/mcp/server';
import { BOOKING_FLOW } from '../../src/server/scheduling/booking-flow';
import { tools } from '../../src/server/tools/registry';
import { ui } from '../../src/i18n/ui';

const prompt = systemPrompt({
  locale: 'en',
  catalog: makeCatalog(),
  siteUrl: 'https://example.org',
  bookingUrl: 'https://cal.example/book',
  toolNames: tools.map((tool) => tool.name),
  today: '2026-11-23',
});

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.(ts|mjs|astro)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('instructions written from the tool registry and the booking flow', () => {
  it.each([
    ['the MCP server instructions', SERVER_INSTRUCTIONS],
    ["the chat's system prompt", prompt],
  ])('%s name every tool with its role and every booking step', (_, text) => {
    for (const tool of tools) expect(text).toContain(`${tool.name} (${tool.role})`);
    for (const step of BOOKING_FLOW) expect(text).toContain(step);
  });

  it('states each role and each step in one source file only', () => {
    // A tool's description (in the interface strings) may use the tool's role inside a sentence of its own.
    const withoutDescriptions = Object.values(ui).map((strings) => ({ ...strings, tools: Object.values(strings.tools).map(({ description: _, ...rest }) => rest) }));
    const files = [
      ...sources('src').filter((file) => !file.startsWith(join('src', 'i18n'))).map((file) => ({ file, text: readFileSync(file, 'utf8') })),
      { file: 'src/i18n', text: JSON.stringify(withoutDescriptions) },
    ];
    for (const sentence of [...tools.map((tool) => tool.role), ...BOOKING_FLOW]) {
      const holders = files.filter(({ text }) => text.includes(sentence.replace(/'/g, "\\'")) || text.includes(sentence));
      expect(holders.map(({ file }) => file), sentence).toHaveLength(1);
    }
  });
});
