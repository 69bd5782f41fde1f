/**
 * Astro's server bundle maps each on-demand route to `() => import("./chunks/<page>.mjs")` and calls
 * it on every request (astro/dist/core/environment/production.js `getModuleForRoute`). A dynamic
 * import of a module already loaded still goes through Node's ESM loader (resolve, module job, link
 * check): about a tenth of a JSON answer's CPU in the profile. This Vite plugin rewrites Astro's page
 * map module (`virtual:astro:pages`) so each page's import promise is created once and shared.
 * If a future Astro writes that module differently, nothing is rewritten and the build says so.
 */
const pagesModule = '\0virtual:astro:pages';
const lazyImport = /const (_page\d+) = \(\) => import\(("[^"]+")\);/g;

/** @returns {import('vite').Plugin} */
export function pageModulesOnce() {
  return {
    name: 'page-modules-once',
    transform(code, id) {
      if (id !== pagesModule) return undefined;
      let rewritten = 0;
      const result = code.replace(lazyImport, (_, name, specifier) => {
        rewritten++;
        return `let ${name}Module; const ${name} = () => (${name}Module ??= import(${specifier}));`;
      });
      if (rewritten === 0 && code.includes('import(')) this.warn('virtual:astro:pages has an unknown shape: page modules stay imported per request');
      return rewritten ? { code: result, map: null } : undefined;
    },
  };
}
