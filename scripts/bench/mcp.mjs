#!/usr/bin/env node
// Bench module: MCP `tools/list` (POST /mcp, the official JSON-RPC path through the MCP SDK) on the
// built site against a bare node:http server answering the same bytes (status, headers, body), in
// alternating rounds of the same run (scripts/bench/_lib.mjs).
// Alone: `npm exec -- node scripts/bench/mcp.mjs` (npm puts the project's Node 24 first on PATH); it
// then also measures an unknown method, answered (404) before the SDK runs: the cost of Astro, the
// middleware and the JSON-RPC checks without the SDK, to show where the time goes.
import { fileURLToPath } from 'node:url';
import { captureResponse, compare, startBare, startSite } from './_lib.mjs';

export const description = 'POST /mcp tools/list (MCP SDK, stateless) vs bare node:http with the same bytes';

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const request = { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) };
const unknownMethod = { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no/such' }) };

export default async function run(options) {
  // The limit is raised so the benchmark measures the endpoint, not 429s (still counted per request).
  const site = await startSite({ RATE_LIMIT_MCP: '100000' });
  try {
    const url = `${site.url}/mcp`;
    const captured = await captureResponse(url, request);
    const tools = JSON.parse(Buffer.from(captured.body, 'base64').toString()).result?.tools;
    if (captured.status !== 200 || tools?.length !== 9) throw new Error(`tools/list answered ${captured.status} with ${tools?.length} tools`);
    const bare = await startBare(captured);
    try {
      const sides = [
        { label: 'site POST /mcp tools/list', url, request },
        { label: 'bare node:http, same bytes', url: `${bare.url}/mcp`, request },
      ];
      if (options.attribution) sides.push({ label: 'site 404 before the SDK (framework)', url, request: unknownMethod });
      return await compare(sides, options);
    } finally {
      await bare.stop();
    }
  } finally {
    await site.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = {
    duration: Number(process.env.BENCH_DURATION ?? 12),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    rounds: Number(process.env.BENCH_ROUNDS ?? 4),
    attribution: true,
  };
  const rows = await run(options);
  console.log(`${description}\n${options.connections} connections, ${options.duration} s per side in ${options.rounds} alternating rounds\n`);
  for (const { label, result } of rows) {
    console.log(`${label.padEnd(38)} ${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`);
  }
  const ratio = rows[0].result.requests.average / rows[1].result.requests.average;
  console.log(`\nratio (ours / bare): ${ratio.toFixed(2)}  — budget ≥ 0.50; p99 budget < 25 ms: ${rows[0].result.latency.p99 < 25 ? 'met' : 'missed'}`);
}
