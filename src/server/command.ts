/**
 * How the production server is started: `node` with these arguments. `npm start` runs exactly
 * this (a unit test holds package.json to it), and so do the end-to-end, reliability and
 * benchmark tiers.
 *
 * `--max-semi-space-size=64` gives V8's young generation 64 MB semi-spaces instead of 16 MB:
 * a request allocates many short-lived objects, and with the default the server spent about a
 * fifth of its processor time in garbage collection under the bookings benchmark (2.97 ms of
 * Node.js time per booking, 2.37 ms with 64 MB; 128 MB gave no more). It costs up to about
 * 100 MB of memory more.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx', 'src/server/main.ts'];
