/**
 * Debian's Chromium driven by playwright-core, as every browser test launches it (headless, no
 * sandbox in the container, no background traffic); `extraArgs` adds flags (e.g. WebMCP).
 */
import { chromium, type Browser } from 'playwright-core';

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs] });
}
