/**
 * Icons from the Lucide set (ISC licence, @iconify-json/lucide), inlined as SVG at build: no icon
 * font, no request. `iconNames` is the closed list the pages may use (a typo fails the type check).
 */
import lucide from '@iconify-json/lucide/icons.json' with { type: 'json' };

export const iconNames = [
  'accessibility', 'workflow', 'life-buoy', 'cloud-upload', 'monitor-smartphone', 'calendar-check', 'mail',
  'receipt-text', 'arrow-right', 'arrow-left', 'check', 'message-circle', 'shield-check', 'languages', 'map-pin',
  'handshake', 'clock', 'chevron-left', 'chevron-right', 'globe', 'file-text', 'phone', 'printer', 'info',
  'sparkles', 'compass', 'users', 'calendar-days', 'circle-check', 'circle-alert', 'building-2',
  'menu', 'search',
] as const;
export type IconName = (typeof iconNames)[number];

type IconSet = { icons: Record<string, { body: string; width?: number; height?: number }>; width?: number; height?: number };
const set = lucide as unknown as IconSet;

/** The inner SVG markup and view box of one icon. */
export function iconData(name: IconName): { body: string; viewBox: string } {
  const icon = set.icons[name];
  if (!icon) throw new Error(`Unknown icon "${name}"`);
  return { body: icon.body, viewBox: `0 0 ${icon.width ?? set.width ?? 24} ${icon.height ?? set.height ?? 24}` };
}

/** Icon for each service, by its translationKey (the same in both languages). */
export const serviceIcons: Record<string, IconName> = {
  'web-design': 'monitor-smartphone',
  'accessibility-audit': 'accessibility',
  'it-support': 'life-buoy',
  automation: 'workflow',
  'cloud-migration': 'cloud-upload',
};
