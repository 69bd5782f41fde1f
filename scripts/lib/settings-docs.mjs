/**
 * docs/settings.md and .env.example, written from the settings module (src/server/base/settings.ts: each
 * setting's schema, default, `doc` and `example`, and the sections that group them). Pure: the script
 * `npm run docs:settings` writes the files, a unit test checks the committed ones are what this writes.
 */
import { settingReferences, settingSections } from '../../src/server/base/settings.ts';

/** Read by keystatic.config.ts for the form editor of `npm run dev`, never by the server. */
const editorVariables = [
  {
    doc: 'The form editor of npm run dev (/keystatic; docs/editing.md): unset, it writes the files here; set to owner/name, it commits to that GitHub repository.',
    lines: ['# PUBLIC_KEYSTATIC_GITHUB_REPO=owner/name'],
  },
  {
    doc: "Written by the editor's GitHub App setup; secrets, kept out of the repository:",
    lines: ['# KEYSTATIC_GITHUB_CLIENT_ID= KEYSTATIC_GITHUB_CLIENT_SECRET= KEYSTATIC_SECRET= PUBLIC_KEYSTATIC_GITHUB_APP_SLUG='],
  },
];

const width = 100;

/** Words of `text` as lines of at most `width` characters, each after `prefix`. */
function wrap(text, prefix) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && prefix.length + line.length + 1 + word.length > width) {
      lines.push(prefix + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(prefix + line);
  return lines;
}

/** The settings grouped under their sections, in the order of the settings module. */
function sections() {
  const references = settingReferences();
  const starts = settingSections.map((section) => references.findIndex((reference) => reference.name === section.first));
  return settingSections.map((section, index) => ({
    ...section,
    settings: references.slice(index === 0 ? 0 : starts[index], starts[index + 1] ?? references.length),
  }));
}

export function envExample() {
  const out = [
    ...wrap(
      'Settings of the site, written by `npm run docs:settings` from src/server/base/settings.ts (change them there; the table: docs/settings.md). ' +
        'A line without # shows the default; an unset or empty value means the default, and `npm start` works with none of these set (embedded defaults). ' +
        '`npm start` and `npm run dev` read them from `.env` in the project root (put there the lines you change): a variable set in the environment, even empty, wins over the file. ' +
        'ENV_FILE=path makes `npm start` read another file instead.',
      '# ',
    ),
  ];
  for (const section of sections()) {
    out.push('', `# --- ${section.title} ---`);
    if (section.intro) out.push(...wrap(section.intro, '# '));
    for (const setting of section.settings) {
      out.push(...wrap(setting.doc, '# '));
      out.push(setting.default !== undefined ? `${setting.name}=${setting.default}` : `# ${setting.name}=${setting.example ?? ''}`);
    }
  }
  out.push('', '# --- The content editor (read by keystatic.config.ts, not by the server) ---');
  for (const variable of editorVariables) out.push(...wrap(variable.doc, '# '), ...variable.lines);
  return `${out.join('\n')}\n`;
}

const cell = (text) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');

export function settingsMarkdown() {
  const out = [
    '# Settings',
    '',
    '<!-- Written by `npm run docs:settings` from src/server/base/settings.ts; edit the settings there, not here. -->',
    '',
    'Every setting is optional: with none set, `npm start` serves the whole site on its embedded defaults.',
    'They are read and validated once, at start, by `src/server/base/settings.ts`; a wrong value stops the',
    'server with a message naming the setting and what it accepts. `npm start`, `npm run dev` and',
    '`npm run admin` read `.env` in the project root (`ENV_FILE=path` for another file); a variable set in',
    'the environment, even empty, wins over the file. [`.env.example`](../.env.example) lists them all with',
    'their defaults. What production warns about at start: [operations](operations.md#settings-checked-at-start).',
  ];
  for (const section of sections()) {
    out.push('', `## ${section.title}`, '');
    if (section.intro) out.push(section.intro, '');
    out.push('| setting | default | meaning |', '|---|---|---|');
    for (const setting of section.settings) {
      const fallback = setting.default !== undefined ? `\`${cell(setting.default)}\`` : 'unset';
      out.push(`| \`${setting.name}\` | ${fallback} | ${cell(setting.doc)} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** The files this module writes, relative to the project root, with their content. */
export function settingsDocuments() {
  return { '.env.example': envExample(), 'docs/settings.md': settingsMarkdown() };
}
