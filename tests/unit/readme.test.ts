import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The project README stays a user's page: the rest lives in docs/, bench/ and the areas. */
const readmeLineLimit = 300;

/** The markdown whose relative links must resolve: the README, the benchmarks, the docs. */
function checkedFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), join(root, 'bench', 'README.md'), ...docs];
}

/** Relative link targets of a markdown text, outside fenced code blocks and inline code. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
  return targets.filter(
    (target): target is string =>
      target !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'),
  );
}

describe('the README and the docs', () => {
  it(`keeps README.md under ${readmeLineLimit} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThan(readmeLineLimit);
  });

  it('finds relative links, and leaves out web addresses, anchors and code', () => {
    const text = [
      '[a](docs/a.md) [b](../b.md#part) [web](https://example.org/x) [top](#quick-start)',
      '`[not](code.md)`',
      '```',
      '[not](fenced.md)',
      '```',
    ].join('\n');
    expect(relativeLinks(text)).toEqual(['docs/a.md', '../b.md#part']);
  });

  it('has every relative link of README.md, bench/README.md and docs/*.md point at a file', () => {
    const broken: string[] = [];
    for (const file of checkedFiles()) {
      for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
        const path = decodeURIComponent(target.split('#')[0] ?? '');
        if (!existsSync(join(dirname(file), path))) {
          broken.push(`${relative(root, file)}: ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
