// `npm run dev`: the API server (tsx, PGlite in ./data unless DATABASE_URL) and Vite's dev server with
// hot reload, which proxies /backend and /storage to it (vite.config.ts). The portal is on
// http://localhost:5173 (the component catalogue at /dev/ui); Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8080' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
for (const c of children) c.on('exit', (code) => (stop(), (process.exitCode ||= code ?? 0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
