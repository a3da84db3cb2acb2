/**
 * `npm run dev`: the API server (restarted on change by tsx watch) on API_PORT (default 3000)
 * and Vite with hot reload on VITE_PORT (default 5173), which forwards /api, /trpc and /objects.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
