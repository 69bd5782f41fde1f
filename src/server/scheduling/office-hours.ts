/**
 * The office hours of the running site: the `consultation` entry of the officeHours collection,
 * read once. Tests of the generator pass office hours directly.
 */
import type { OfficeHours } from './office-hours-schema';

let cached: OfficeHours | undefined;

export async function loadOfficeHours(): Promise<OfficeHours> {
  if (cached) return cached;
  // Imported lazily: astro:content exists only inside the Astro build, not in plain unit tests.
  const { getEntry } = await import('astro:content');
  const entry = await getEntry('officeHours', 'consultation');
  if (!entry) throw new Error('content/office-hours.yaml has no "consultation" entry.');
  cached = entry.data as OfficeHours;
  return cached;
}
