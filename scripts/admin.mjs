#!/usr/bin/env node
// `npm run admin -- <command> …`: the owner's commands over the same settings and DATA_DIR the server
// uses (`.env` or ENV_FILE under the environment, validated as `npm start` does), safe while it serves
// (SQLite in WAL mode with a busy timeout). `help` lists the commands, `help <name>` shows one's usage.
// Exit codes: 0 done, 1 failed, 2 wrong call (the usage goes to stderr).
// The commands are src/ TypeScript run by Node as it is (scripts/lib/typescript-imports.mjs): nothing is
// compiled or written under the project, so the backup runs from a read-only checkout (the systemd unit's
// ProtectSystem=strict) and a restore as an unprivileged user, with no build and no development packages.
import { fileURLToPath } from 'node:url';
import { loadEnvFile, validatedSettings } from './lib/env-file.mjs';
import './lib/typescript-imports.mjs';

loadEnvFile(fileURLToPath(new URL('..', import.meta.url)));
await validatedSettings();

const { commands } = await import('../src/server/admin/commands.ts');
const { UsageError } = await import('../src/server/admin/command.ts');
const { runShutdownHooks } = await import('../src/server/base/lifecycle.ts');
const { closeSharedStore } = await import('../src/server/store/index.ts');
const { terminalText } = await import('../src/server/admin/output.ts');

const io = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  // Notes and failures may quote what a visitor typed (an address, a provider's error about it).
  err: (text) => process.stderr.write(terminalText(text.endsWith('\n') ? text : `${text}\n`)),
};

function commandList() {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    `  ${'help'.padEnd(width)}  This list; \`help <command>\` shows a command's usage`,
    '',
  ].join('\n');
}

const usageOf = (command) => `Usage:\n${command.usage.map((line) => `  ${line}`).join('\n')}\n`;

async function main(args) {
  const [name, ...rest] = args;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === undefined ? undefined : rest[0];
    if (topic === undefined) {
      io.out(commandList());
      return 0;
    }
    const command = commands.find((each) => each.name === topic);
    if (!command) {
      io.err(`Unknown command: ${topic}\n\n${commandList()}`);
      return 2;
    }
    io.out(`${command.name}: ${command.summary}\n\n${usageOf(command)}`);
    return 0;
  }
  const command = commands.find((each) => each.name === name);
  if (!command) {
    io.err(`Unknown command: ${name}\n\n${commandList()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${usageOf(command)}`);
      return 2;
    }
    io.err(`${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) io.err(error?.stack ?? '');
    return 1;
  }
}

// npm prints its banner (`> name@version admin` …) to stdout unless run with --silent, and no script can
// take it back: a CSV or JSON piped into a file would start with it.
const args = process.argv.slice(2);
const bannered = process.env.npm_lifecycle_event === 'admin' && process.env.npm_config_loglevel !== 'silent';
if (bannered && !process.stdout.isTTY && (args.includes('--csv') || args.includes('--json'))) {
  io.err('Note: npm wrote its banner above this output. For a clean file: npm run --silent admin -- … > file (or node scripts/admin.mjs … > file).');
}

const code = await main(args);
await closeSharedStore().catch(() => {});
await runShutdownHooks();
process.exitCode = code;
// A connection that will not close (an unreachable Redis) must not keep the command waiting.
setTimeout(() => process.exit(code), 2_000).unref();
