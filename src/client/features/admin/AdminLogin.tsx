import { Anchor, Button, Card, Center, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { errorMessage } from './helpers';
import { notify, notifySuccess } from './notify';

const c = adminCopy.login;

/** The 'Admin Access' password screen. admin.login checks the password on the server and sets the session cookie. */
export function AdminLogin() {
  const [password, setPassword] = useState('');
  const utils = trpc.useUtils();
  const login = trpc.admin.login.useMutation({
    onSuccess: (state) => {
      utils.admin.session.setData(undefined, state);
      notifySuccess(messages.admin.accessGranted);
    },
    onError: (error) => {
      setPassword('');
      notify({ title: messages.admin.accessDenied, message: errorMessage(error, messages.admin.wrongPassword), color: 'red' });
    },
  });
  return (
    <Center mih="calc(100dvh - 220px)" px="md" py={48}>
      <Card w="100%" maw={420} padding="xl" shadow="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (password && !login.isPending) login.mutate({ password });
          }}
        >
          <Stack gap="md">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconShieldCheck size={26} aria-hidden />
            </ThemeIcon>
            <div>
              <Title order={1} size="h2">
                {c.title}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {c.lead}
              </Text>
            </div>
            <PasswordInput
              label={c.password}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              autoFocus
              disabled={login.isPending}
            />
            <Button type="submit" fullWidth disabled={!password} loading={login.isPending}>
              {c.submit}
            </Button>
            <Anchor component={Link} to="/" size="sm" ta="center">
              {c.back}
            </Anchor>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
