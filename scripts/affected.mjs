// `pnpm affected [--base <ref>] [--list]` (issue 38 §5): lint, type check and tests of the packages a change touches
// and of their dependents (scripts/lib/affected.mjs selects them), instead of the whole workspace. The change is what
// differs from the merge base with `--base` (default `main`), plus what is not committed yet. `--list` prints the
// commands without running them. Exit code: that of the first command that fails, 2 on wrong usage.
import { execFileSync, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { selectAffected, workspacePackages } from './lib/affected.mjs';

const ROOT = new URL('../', import.meta.url).pathname;

let options;
try {
  options = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { base: { type: 'string', default: 'main' }, list: { type: 'boolean', default: false } },
  }).values;
} catch (error) {
  console.error(`${error.message}\nUtilisation : pnpm affected [--base <réf>] [--list]`);
  process.exit(2);
}

const git = (...args) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
let changed;
try {
  changed = [
    ...new Set([
      ...git('diff', '--name-only', `${options.base}...HEAD`),
      ...git('diff', '--name-only', 'HEAD'),
      ...git('ls-files', '--others', '--exclude-standard'),
    ]),
  ];
} catch {
  console.error(`Référence inconnue pour --base : « ${options.base} ».`);
  process.exit(2);
}

const packages = workspacePackages(ROOT);
const selection = selectAffected(changed, packages);
const chosen = packages.filter((p) => selection.packages.includes(p.name));

/** The commands, in order: lint, type check, tests. */
function plan() {
  if (selection.all)
    return [
      ['pnpm', 'lint'],
      ['pnpm', 'typecheck'],
      ['pnpm', 'test'],
    ];
  if (chosen.length === 0) return [];
  const dirs = chosen.map((p) => p.dir);
  const commands = [
    ['pnpm', 'exec', 'eslint', ...dirs],
    ['pnpm', 'exec', 'prettier', '--check', ...dirs],
  ];
  // The front packages have no type check of their own: the root's front programs check them together.
  if (chosen.some((p) => !p.scripts.includes('typecheck')))
    commands.push(
      ['pnpm', 'exec', 'tsc', '-p', 'tsconfig.front.json'],
      ['pnpm', 'exec', 'tsc', '-p', 'tsconfig.front-browser.json'],
    );
  for (const p of chosen)
    if (p.scripts.includes('typecheck')) commands.push(['pnpm', '--filter', `./${p.dir}`, 'typecheck']);
  for (const p of chosen)
    if (p.scripts.includes('test')) commands.push(['pnpm', '--filter', `./${p.dir}`, 'test']);
  return commands;
}

console.log(
  selection.all
    ? `Tout est concerné : ${selection.reason} a changé.`
    : chosen.length === 0
      ? `Aucun paquet concerné (${changed.length} fichier(s) changé(s) depuis ${options.base}, hors paquets).`
      : `Paquets concernés (${changed.length} fichier(s) changé(s) depuis ${options.base}) : ${selection.packages.join(', ')}.`,
);
for (const command of plan()) {
  console.log(`$ ${command.join(' ')}`);
  if (options.list) continue;
  const { status } = spawnSync(command[0], command.slice(1), { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
