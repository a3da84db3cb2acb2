/**
 * `npx tsx scripts/bench/profile-summary.ts file.cpuprofile [requests] [rows]`: where a CPU
 * profile's time went — self time by function, by file (packages grouped), and the inclusive
 * (top-down) time of the functions on the most samples' stacks — as percentages of the busy
 * samples (idle ones left out) and, given the number of requests answered meanwhile, in
 * microseconds per request.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

const [file, requestsArg, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts file.cpuprofile [requests] [rows]');
const requests = Number(requestsArg ?? 0);
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** A file's short name: the package under node_modules, else the path inside the project. */
function where(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}
const label = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;

const busy = profile.samples.filter((id) => byId.get(id)!.callFrame.functionName !== '(idle)');
const total = busy.length;
const microsPerSample = (profile.endTime - profile.startTime) / profile.samples.length;
const self = new Map<string, number>();
const files = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const id of busy) {
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  files.set(where(node.callFrame.url), (files.get(where(node.callFrame.url)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  }
}
const top = (map: Map<string, number>) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, n]) => `${((100 * n) / total).toFixed(1).padStart(5)}%${requests ? `${((n * microsPerSample) / requests).toFixed(2).padStart(7)} µs` : ''}  ${name}`)
    .join('\n');
const perRequest = requests ? `, ${((total * microsPerSample) / requests).toFixed(1)} µs of processor time per request (${requests} requests)` : '';
process.stdout.write(`${total} busy samples of ${profile.samples.length}${perRequest}\n\nself time by function\n${top(self)}\n\nself time by file or package\n${top(files)}\n\ninclusive time by function\n${top(inclusive)}\n`);
