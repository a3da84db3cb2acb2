/**
 * Loaded into the server under test with `--import` (see scripts/bench/profile.ts): the first
 * SIGUSR2 starts V8's CPU profiler, the second writes the profile to $CPU_PROFILE_FILE
 * (a .cpuprofile, as `node --cpu-prof` writes, for Chrome's DevTools or profile-summary.ts). So the
 * profile holds the load alone, not the start-up.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import process from 'node:process';

const session = new Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
let running = false;
process.on('SIGUSR2', () => {
  void (async () => {
    if (!running) {
      running = true;
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 100 });
      await post('Profiler.start');
      return;
    }
    running = false;
    const { profile } = await post('Profiler.stop');
    writeFileSync(process.env.CPU_PROFILE_FILE ?? 'server.cpuprofile', JSON.stringify(profile));
    process.stderr.write(`cpu profile written to ${process.env.CPU_PROFILE_FILE}\n`);
  })();
});
