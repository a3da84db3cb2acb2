import type { z } from 'zod';

/**
 * The distinct messages a schema reports for `input`, keyed by dotted path ('' for the root).
 * Empty when it parses.
 */
export function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** Parses `input` and fails the test with the schema's own messages when it does not parse. */
export function parseOk<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(`expected the input to parse, got ${JSON.stringify(result.error.issues)}`);
  }
  return result.data;
}
