// `npm run bench`: every bench:* script in turn; each writes its JSON under bench/results/.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts).filter((s) => s.startsWith('bench:'));
for (const s of scripts) {
  console.log(`\n== npm run ${s}`);
  execSync(`npm run ${s}`, { stdio: 'inherit' });
}
