/** Registers the `client:input` directive (src/islands/first-input.ts): an island that wakes at the visitor's first input. */
import { fileURLToPath } from 'node:url';

export default function clientInput() {
  return {
    name: 'client-input',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'input', entrypoint: fileURLToPath(new URL('../islands/first-input.ts', import.meta.url)) });
      },
    },
  };
}
