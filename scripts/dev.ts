import { type ChildProcess, spawn } from 'node:child_process';

// Watch mode: Vite rebuilds the client and the prerender bundle on change, and tsx restarts
// the process (entry/main.ts) when its sources or the rebuilt prerender bundle change.
const commands = [
  'vite build --watch --mode development --logLevel warn',
  'vite build --ssr src/entry-server.tsx --watch --mode development --logLevel warn',
  'tsx watch --clear-screen=false --include dist/web/server/entry-server.js entry/main.ts',
];

const children: ChildProcess[] = commands.map((command) =>
  spawn('npx', command.split(' '), {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  }),
);

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
