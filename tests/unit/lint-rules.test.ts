/**
 * The lint rules that keep the layers apart must fire on TypeScript: import-x once read only
 * .js files when it followed imports, so a .ts cycle passed lint unnoticed. The server's borders
 * are checked on probe texts linted as if they stood in src/server (nothing is written there).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const configFile = resolve(import.meta.dirname, '../../eslint.config.js');
const dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function ruleIdsOf(files: Record<string, string>): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: configFile });
  const results = await eslint.lintFiles(Object.keys(files).map((name) => join(dir, name)));
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? ''));
}

describe('import-x/no-cycle on TypeScript', () => {
  it('reports a two-file .ts cycle in both files', async () => {
    const ruleIds = await ruleIdsOf({
      'first.ts': "import { second } from './second.ts';\nexport const first = () => second;\n",
      'second.ts': "import { first } from './first.ts';\nexport const second = () => first;\n",
    });
    expect(ruleIds.filter((id) => id === 'import-x/no-cycle')).toHaveLength(2);
  });

  it('stays quiet when the imports run one way', async () => {
    const ruleIds = await ruleIdsOf({
      'upper.ts': "import { lower } from './lower.ts';\nexport const upper = () => lower;\n",
      'lower.ts': 'export const lower = 1;\n',
    });
    expect(ruleIds).not.toContain('import-x/no-cycle');
  });
});

const root = resolve(import.meta.dirname, '../..');

async function restrictedPathsOf(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: configFile });
  const [result] = await eslint.lintText(text, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('the server borders (import-x/no-restricted-paths)', () => {
  it('an area reaches another area only through its port', async () => {
    const file = 'src/server/areas/withdrawal/probe.ts';
    expect(
      await restrictedPathsOf(
        file,
        "import { createLedgerService } from '../wallet/ledger.service.ts';\nexport const x = createLedgerService;\n",
      ),
    ).toEqual([expect.stringContaining('only through its port')]);
    expect(
      await restrictedPathsOf(
        file,
        "import type { WalletPort } from '../wallet/wallet.port.ts';\nexport type X = WalletPort;\n",
      ),
    ).toEqual([]);
  });

  it('the platform imports no area', async () => {
    const messages = await restrictedPathsOf(
      'src/server/platform/probe.ts',
      "import type { WalletPort } from '../areas/wallet/wallet.port.ts';\nexport type X = WalletPort;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('routes never import repositories', async () => {
    const messages = await restrictedPathsOf(
      'src/server/areas/wallet/probe.routes.ts',
      "import * as ledger from './ledger.repository.ts';\nexport const x = ledger;\n",
    );
    expect(messages).toHaveLength(1);
  });
});
