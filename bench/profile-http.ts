/**
 * Not a benchmark: runs the real server (as `npm start` does) under the HTTP bench's load for one
 * path with `--cpu-prof`, and prints where its CPU time goes. For finding what to speed up.
 *   node bench/profile-http.ts <path> [seconds] [member]   (PROFILE_DIR, DATABASE_URL optional)
 */
import autocannon from 'autocannon';
import { registerMembers } from './support/members.ts';
import { siteEnv, siteLaunch, siteScript, startServer, tempDir } from './support/process.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [path = '/wps/system/status', secondsArg = '8', member] = process.argv.slice(2);
const profileDir = process.env.PROFILE_DIR ?? tempDir('bench-prof-').path;
const dataDir = tempDir('bench-prof-data-');
const launch = siteLaunch();
process.env.BENCH_NODE_FLAGS = [
  ...launch.flags,
  '--cpu-prof',
  `--cpu-prof-dir=${profileDir}`,
  ...(process.env.EXTRA_FLAGS ? process.env.EXTRA_FLAGS.split(' ') : []),
].join(' ');
const site = await startServer(
  siteScript,
  siteEnv(dataDir.path, {
    TRUST_PROXY: '127.0.0.1',
    HUMAN_VERIFICATION: 'off',
    DATABASE_URL: process.env.DATABASE_URL,
  }),
  '/wps/system/status',
);
const tokens = member ? (await registerMembers(site.baseURL, 20, 'bench1234')).tokens : [];
let next = 0;
const loadFrom = Number(process.hrtime.bigint() / 1000n);
const byte = () => Math.floor(Math.random() * 254) + 1;
const result = await autocannon({
  url: site.baseURL,
  connections: 50,
  duration: Number(secondsArg),
  requests: [
    {
      method: 'GET',
      path,
      setupRequest: (request) => {
        const headers: Record<string, string> = {
          ...(request.headers as Record<string, string>),
          'x-forwarded-for': `10.${byte()}.${byte()}.${byte()}`,
        };
        if (tokens.length > 0) headers.authorization = `Bearer ${tokens[next++ % tokens.length]}`;
        return { ...request, headers };
      },
    },
  ],
});
const loadTo = Number(process.hrtime.bigint() / 1000n);
console.log(`${path}: ${Math.round(result.requests.average)} req/s, non2xx ${result.non2xx}`);
const rss = readFileSync(`/proc/${site.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
console.log(`RSS ${Math.round(Number(rss) / 1024)} MiB`);
await site.stop();
dataDir.remove();

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
const file = readdirSync(profileDir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()
  .at(-1);
if (!file) throw new Error('no profile');
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
};
console.log(`profile ${join(profileDir, file)} window ${loadFrom} ${loadTo}`);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<string, number>();
const total = new Map<string, number>();
const pkg = new Map<string, number>();
const label = (node: Node) => {
  const url = node.callFrame.url.replace(/^.*node_modules\//, '~').replace(/^.*dist-server\//, '@');
  return `${node.callFrame.functionName || '(anon)'} ${url}:${node.callFrame.lineNumber + 1}:${(node.callFrame as { columnNumber?: number }).columnNumber ?? 0}`;
};
// Only the samples of the load (one monotonic clock for both processes): start-up and shutdown
// are left out.
const times: number[] = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) times.push((clock += delta));
let count = 0;
for (const [index, id] of profile.samples.entries()) {
  const at = times[index] ?? 0;
  if (at < loadFrom || at > loadTo) continue;
  const node = byId.get(id);
  if (!node) continue;
  count += 1;
  const name = label(node);
  self.set(name, (self.get(name) ?? 0) + 1);
  const url = node.callFrame.url;
  const group = url.includes('node_modules/')
    ? url
        .replace(/^.*node_modules\//, '')
        .split('/')
        .slice(0, url.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : url.includes('dist-server')
      ? 'app'
      : url.startsWith('node:')
        ? 'node:'
        : node.callFrame.functionName || '(vm)';
  pkg.set(group, (pkg.get(group) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const up = byId.get(at);
    if (!up) break;
    const key = label(up);
    if (seen.has(key)) continue;
    seen.add(key);
    total.set(key, (total.get(key) ?? 0) + 1);
  }
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / count).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`\nself by package\n${top(pkg, 25)}`);
console.log(`\nself by function\n${top(self, 45)}`);
console.log(`\ntotal by function\n${top(total, 70)}`);
