/**
 * The `client:input` directive: an island wakes at the visitor's first input on the page (the pointer
 * moving over it or pressing, a touch, a key, the wheel, focus), not during the load. A form at the
 * top of a page is visible at once, so `client:visible` would wake it while the page is still being
 * drawn, competing with the first paint on a phone; no one can use a form before such an input. A
 * query parameter named by the value (`client:input="topic"`) wakes it at once: the island has
 * something from the address to show.
 */
import type { ClientDirective } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:input'?: boolean | string;
  }
}

const INPUTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

const firstInput: ClientDirective = (load, options) => {
  const wake = async () => {
    for (const type of INPUTS) removeEventListener(type, wake, true);
    const hydrate = await load();
    await hydrate();
  };
  const parameter = typeof options.value === 'string' ? options.value : '';
  if (parameter && new URLSearchParams(location.search).has(parameter)) {
    void wake();
    return;
  }
  for (const type of INPUTS) addEventListener(type, wake, { capture: true, passive: true });
};

export default firstInput;
