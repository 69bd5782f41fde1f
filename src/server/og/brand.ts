/** The brand mark as SVG markup for files (favicon, app icons, social images): the colours of the light palette. */
export const brand = { paper: '#fbfaf6', ink: '#17191c', accent: '#b3360c', accentSoft: '#fbe6dc', deep: '#123a42', muted: '#4f5761', line: '#dcd6c8' } as const;

export function logoSvg(size: number, rounded = true): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
    `<rect x="${rounded ? 2 : 0}" y="${rounded ? 2 : 0}" width="${rounded ? 28 : 32}" height="${rounded ? 28 : 32}" rx="${rounded ? 8 : 0}" fill="${brand.ink}"/>` +
    `<path d="M8 11h16M17 23.5h6" stroke="${brand.paper}" stroke-width="2.4" stroke-linecap="round"/>` +
    `<path d="M9.5 16.5 14 20l-4.5 3.5" fill="none" stroke="#ff8e62" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}
