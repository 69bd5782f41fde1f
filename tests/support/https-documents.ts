/**
 * An https server on a loopback port with a certificate of its own test CA (made with the openssl
 * command line), serving whatever each path is set to answer: where a client publishes its Client ID
 * Metadata Document. The site under test trusts the CA through NODE_EXTRA_CA_CERTS and may reach this
 * one host:port through OAUTH_CIMD_TEST_HOSTS (settings: `siteSettings`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Milliseconds before the answer starts. */
  delayMs?: number;
}

export interface DocumentServer {
  origin: string;
  host: string;
  /** What GET `path` answers from now on (each request counted in `hits`). */
  set: (path: string, answer: Answer | ((hit: number) => Answer)) => void;
  hits: (path: string) => number;
  /** The settings that let the site fetch from this server. */
  siteSettings: Record<string, string>;
  stop: () => Promise<void>;
}

function certificates(dir: string): { key: string; cert: string; caFile: string } {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=CIMD test CA');
  run('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'leaf.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  run('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.pem', '-days', '2', '-extfile', 'leaf.ext');
  return { key: readFileSync(join(dir, 'leaf.key'), 'utf8'), cert: readFileSync(join(dir, 'leaf.pem'), 'utf8'), caFile: join(dir, 'ca.pem') };
}

export async function startDocumentServer(): Promise<DocumentServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cimd-'));
  const { key, cert, caFile } = certificates(dir);
  const answers = new Map<string, Answer | ((hit: number) => Answer)>();
  const counts = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const path = new URL(request.url ?? '/', 'https://127.0.0.1').pathname;
    const hit = (counts.get(path) ?? 0) + 1;
    counts.set(path, hit);
    const found = answers.get(path);
    const answer = typeof found === 'function' ? found(hit) : (found ?? { status: 404, body: 'not found' });
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = `127.0.0.1:${port}`;
  return {
    origin: `https://${host}`,
    host,
    set: (path, answer) => answers.set(path, answer),
    hits: (path) => counts.get(path) ?? 0,
    siteSettings: { OAUTH_CIMD_TEST_HOSTS: host, NODE_EXTRA_CA_CERTS: caFile },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
