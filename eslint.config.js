// ESLint's, typescript-eslint's and eslint-plugin-astro's recommended rules over the whole tree. Types
// are `npm run typecheck`'s job (astro check), so no rule here needs type information.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/', 'dist-builds/', '.astro/', '**/.astro/', '.data/', '.test-data/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore names what is left out on purpose (`const { draft: _draft, ...fields }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `(await first()) || (await second())`: try the one, else the other.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true }],
      // Declarations only: adding elements to Preact's JSX namespace needs `namespace JSX`.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // Input with control characters is refused on purpose (header and mail injection), by a regex.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['tests/**'],
    rules: {
      // Tests read untyped JSON bodies, documents and fakes' requests.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
]);
