/**
 * `npm run models`: for every models/<name>.model.ts, replays every generated path and writes
 * models/<name>.md (diagram, states, transitions, test plan) and models/coverage.json, with the
 * browser coverage of the flows walked in Chromium (tests/support/model-walks.ts).
 * `npm run models -- --check`: writes nothing; exits 1 naming the files that are stale or missing.
 * Any state or transition that no path reaches fails both.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from '../tests/support/model.ts';
import {
  checkModel,
  coverageGaps,
  stateViewGaps,
  type CoverageReport,
} from '../tests/support/model-paths.ts';
import { browserWalks, walkPlan } from '../tests/support/model-walks.ts';
import {
  GENERATED_MARK,
  coverageJson,
  modelDocument,
  type BrowserCoverage,
} from './lib/model-docs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modelsDir = path.join(root, 'models');
const check = process.argv.includes('--check');

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

const files = (await readdir(modelsDir)).filter((f) => f.endsWith('.model.ts')).sort();
const outputs = new Map<string, string>();
const reports: Array<{
  model: MachineModel<AnyStateMachine>;
  report: CoverageReport;
  browser?: BrowserCoverage;
}> = [];
const problems: string[] = [];

for (const file of files) {
  const stem = file.slice(0, -'.model.ts'.length);
  const module = (await import(pathToFileURL(path.join(modelsDir, file)).href)) as {
    model?: MachineModel<AnyStateMachine>;
  };
  const model = module.model;
  if (!model) {
    problems.push(`models/${file}: exports no \`model\``);
    continue;
  }
  if (model.name !== stem) problems.push(`models/${file}: name is '${model.name}', not '${stem}'`);
  problems.push(...stateViewGaps(model).map((gap) => `models/${file}: ${gap}`));
  try {
    const { paths, trails, report } = await checkModel(model);
    problems.push(...coverageGaps(report).map((gap) => `models/${file}: ${gap}`));
    const walk = browserWalks[model.name];
    const browser = walk
      ? { spec: walk.spec, notes: walk.notes, report: (await walkPlan(walk)).report }
      : undefined;
    reports.push({ model, report, browser });
    outputs.set(`models/${stem}.md`, modelDocument(model, paths, trails, report));
  } catch (error) {
    problems.push(`models/${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
for (const name of Object.keys(browserWalks)) {
  if (!reports.some((r) => r.model.name === name)) {
    problems.push(`tests/support/model-walks.ts: a browser walk of '${name}', which has no model`);
  }
}
outputs.set('models/coverage.json', coverageJson(reports));

if (problems.length) {
  console.error(`Models have gaps:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}

// Generated documents whose model is gone.
const obsolete: string[] = [];
for (const file of (await readdir(modelsDir)).filter((f) => f.endsWith('.md')).sort()) {
  const relative = `models/${file}`;
  if (outputs.has(relative)) continue;
  const text = await readText(path.join(root, relative));
  if (text?.startsWith(GENERATED_MARK)) obsolete.push(relative);
}

if (check) {
  const stale: string[] = [];
  for (const [relative, text] of outputs) {
    const current = await readText(path.join(root, relative));
    if (current === null) stale.push(`${relative} (missing)`);
    else if (current !== text) stale.push(`${relative} (stale)`);
  }
  stale.push(...obsolete.map((file) => `${file} (its model is gone)`));
  if (stale.length) {
    console.error(
      `Model documents are out of date; run \`npm run models\`:\n` +
        stale.map((s) => `  - ${s}`).join('\n'),
    );
    process.exit(1);
  }
  console.log(`Model documents are up to date (${files.length} models).`);
} else {
  for (const [relative, text] of outputs) {
    const current = await readText(path.join(root, relative));
    if (current !== text) {
      await writeFile(path.join(root, relative), text);
      console.log(`wrote ${relative}`);
    }
  }
  for (const file of obsolete) console.warn(`${file}: its model is gone; delete it`);
  for (const { model, report, browser } of reports) {
    const walked = browser?.report;
    console.log(
      `${model.name}: ${report.states.covered}/${report.states.total} states, ` +
        `${report.transitions.covered}/${report.transitions.total} transitions, ` +
        `${report.paths} paths` +
        (walked
          ? `; in the browser ${walked.states.covered}/${walked.states.total} states, ` +
            `${walked.transitions.covered}/${walked.transitions.total} transitions, ` +
            `${walked.paths} paths`
          : ''),
    );
  }
}
