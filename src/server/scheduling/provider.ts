/**
 * Which scheduling provider this process uses: Cal.com (providers/scheduling-calcom.ts) or the
 * embedded office hours (embedded-provider.ts), chosen once from the settings.
 */
import { createCalcomScheduling } from '../providers/scheduling-calcom';
import type { SchedulingProvider } from '../providers/scheduling';
import { getSettings, type Settings } from '../base/settings';
import { createEmbeddedScheduling } from './embedded-provider';

let provider: SchedulingProvider | undefined;

/** Cal.com when CAL_API_KEY and CAL_EVENT_TYPE_ID are set, else the embedded office hours (endpoints and /status/ alike). */
export function selectSchedulingProvider(settings: Settings): SchedulingProvider {
  return settings.calConfigured ? createCalcomScheduling(settings) : createEmbeddedScheduling(settings);
}

export function getSchedulingProvider(): SchedulingProvider {
  provider ??= selectSchedulingProvider(getSettings());
  return provider;
}
