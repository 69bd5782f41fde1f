/**
 * Settings from the file (`.env` in the project root, or ENV_FILE) into process.env, as `npm start`
 * and `npm run admin` read them: a variable set in the environment, even empty, wins over the file's.
 * A missing `.env` is fine; an ENV_FILE that cannot be read stops the script with a message.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';

export function loadEnvFile(root) {
  const envFile = process.env.ENV_FILE ? resolve(root, process.env.ENV_FILE) : join(root, '.env');
  if (!process.env.ENV_FILE && !existsSync(envFile)) return;
  let text;
  try {
    text = readFileSync(envFile, 'utf8');
  } catch (error) {
    console.error(`Cannot read the settings file ${envFile} (ENV_FILE): ${error.code ?? error.message}.`);
    process.exit(1);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) if (process.env[name] === undefined) process.env[name] = value;
}

/**
 * The settings, validated by the one settings module (loaded as TypeScript): a wrong value, or in
 * production a refused one (samples, weak secrets), stops the script naming the setting.
 */
export async function validatedSettings() {
  const { parseSettings, SettingsError } = await import('../../src/server/base/settings.ts');
  let settings;
  try {
    settings = parseSettings(process.env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { reportedFindings } = await import('../../src/server/base/settings-warnings.ts');
  const findings = reportedFindings(settings, process.env);
  const refusals = findings.filter((finding) => finding.severity === 'refuse');
  if (refusals.length) {
    console.error(new SettingsError(refusals.map((finding) => finding.message)).message);
    process.exit(1);
  }
  return { settings, findings };
}
