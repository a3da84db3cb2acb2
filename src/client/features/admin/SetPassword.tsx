import { Alert, Button, Card, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/staff.schema';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { AuthCard } from './AuthCard';
import { errorMessage, fieldErrors } from './helpers';
import { notifyError, notifySuccess } from './notify';

const c = adminCopy.setPassword;

/** The page a one-time link opens (/admin#set-password=<token>): its person chooses a password. */
export function SetPassword({ token, onDone }: { token: string; onDone: (email: string | null) => void }) {
  const utils = trpc.useUtils();
  // A mutation on the server, so the token travels in the request's body, never in a URL.
  const link = useQuery({ queryKey: ['passwordLink', token], queryFn: () => utils.client.staff.linkAccount.mutate({ token }), retry: false });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = trpc.staff.setPassword.useMutation({
    onSuccess: (answer) => {
      notifySuccess(messages.admin.success.passwordSet, c.done);
      onDone(answer.email);
    },
    onError: (failure) => {
      setError(fieldErrors(failure).password);
      if (!fieldErrors(failure).password) notifyError(failure, messages.admin.failed.setPassword);
    },
  });
  const mismatch = repeat.length > 0 && repeat !== password;
  if (link.isPending || link.isError) {
    return (
      <Center mih="calc(100dvh - 220px)" px="md" py={48}>
        <Card w="100%" maw={440} padding="xl" shadow="sm">
          {link.isPending ? (
            <Stack align="center" gap="sm">
              <Loader />
              <Text c="dimmed" size="sm">
                {c.checking}
              </Text>
            </Stack>
          ) : (
            <Stack gap="md">
              <Alert color="red" title={c.invalidTitle}>
                {errorMessage(link.error, messages.errors.passwordLinkInvalid)}
              </Alert>
              <Button variant="default" onClick={() => onDone(null)}>
                {adminCopy.login.submit}
              </Button>
            </Stack>
          )}
        </Card>
      </Center>
    );
  }
  return (
    <AuthCard icon={<IconKey size={26} aria-hidden />} title={c.title} lead={c.lead(link.data.name, link.data.email)} width={440}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!mismatch && password.length >= PASSWORD_MIN_LENGTH) save.mutate({ token, password });
        }}
      >
        <Stack gap="md">
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
          <PasswordInput
            label={c.password}
            description={adminCopy.account.password.newHint(PASSWORD_MIN_LENGTH)}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="new-password"
            error={error}
            autoFocus
          />
          <PasswordInput label={c.repeat} value={repeat} onChange={(event) => setRepeat(event.currentTarget.value)} autoComplete="new-password" error={mismatch ? c.mismatch : undefined} />
          <Button type="submit" fullWidth loading={save.isPending} disabled={mismatch || password.length < PASSWORD_MIN_LENGTH || repeat !== password}>
            {c.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
