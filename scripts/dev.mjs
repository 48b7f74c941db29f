// `npm run dev`: the API server (restarting on change) on :3000 and Vite's dev server on :5173,
// which proxies /api to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@ki/server'], { stdio: 'inherit', env: { ...process.env, SERVE_WEB: 'false' } }),
  spawn('npm', ['run', 'dev', '-w', '@ki/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && (stop(), process.exit(code))));
