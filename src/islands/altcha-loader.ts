/**
 * The ALTCHA widget in its CSP-compliant build: no inline styles (its stylesheet is a file of the
 * site) and no workers from blob: URLs (the SHA worker is a file of the site too), so the pages'
 * Content-Security-Policy needs no exception. Only the algorithm our challenges use is registered.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

// `$altcha.algorithms`: the registry of proof-of-work workers the external build reads (its README,
// "Using altcha/external"); the package declares the global.
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
