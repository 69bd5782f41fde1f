/**
 * Lets a plain Node script import the TypeScript modules of src/ as they are. Node 24 strips the types
 * itself; this hook adds what Node's resolver will not guess for the sources' relative imports, written
 * for Astro's bundler without extensions: `./output` is `./output.ts`, `../store` is `../store/index.ts`.
 *
 * Nothing is compiled or written, so a script using it runs from a read-only checkout, as any user that
 * can read it, and without esbuild (a development dependency). The price: modules it loads must be
 * TypeScript that types can be erased from (no enums, namespaces or parameter properties; type-only
 * imports marked `import type`, as `verbatimModuleSyntax` already demands). The tests that run a script
 * as its own process prove that.
 */
import { registerHooks } from 'node:module';

const notFound = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT']);

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const fromTypeScript = context.parentURL?.startsWith('file:') && context.parentURL.endsWith('.ts');
      if (!fromTypeScript || !notFound.has(error?.code) || !/^\.{1,2}\//.test(specifier)) throw error;
      for (const suffix of ['.ts', '/index.ts']) {
        try {
          return nextResolve(`${specifier}${suffix}`, context);
        } catch {
          // the next form, or the original error
        }
      }
      throw error;
    }
  },
});
