import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may; to find out, it tries once, and
 * the Content-Security-Policy (no 'unsafe-eval') refuses it, which Chrome reports as a policy
 * issue. Zod is told not to try. main.tsx imports this first, before any schema is made.
 * https://zod.dev/api#jitless
 */
config({ jitless: true });
