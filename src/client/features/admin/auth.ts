import { useMutation } from '@tanstack/react-query';
import { ZSessionStateSchema } from '../../../shared/schemas/admin.schema';

/** A refused REST call, shaped like a tRPC client error so `errorMessage` reads both alike. */
export class RequestError extends Error {
  readonly data: { httpStatus: number; code: string };

  constructor(status: number, message: string) {
    super(message);
    this.name = 'RequestError';
    this.data = { httpStatus: status, code: status === 401 ? 'UNAUTHORIZED' : String(status) };
  }
}

async function post(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (answer as { message?: unknown } | null)?.message;
    throw new RequestError(response.status, typeof message === 'string' ? message : response.statusText);
  }
  return answer;
}

/**
 * Sign-in and sign-out go through the documented REST paths (POST /api/admin/login and
 * /api/admin/logout), which set and clear the HttpOnly session cookie.
 */
export function useLogin(options: { onSuccess: (state: { authenticated: boolean }) => void; onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: async (password: string) => ZSessionStateSchema.parse(await post('/api/admin/login', { password })),
    ...options,
  });
}

export function useLogout(options: { onSettled: () => void }) {
  return useMutation({ mutationFn: () => post('/api/admin/logout'), ...options });
}
