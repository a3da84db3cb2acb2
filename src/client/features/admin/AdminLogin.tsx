import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconDeviceMobile, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { AuthCard } from './AuthCard';
import { errorMessage } from './helpers';
import { notify, notifySuccess } from './notify';

const c = adminCopy.login;

/**
 * The 'Admin Access' screen: e-mail address and password, then, for an account with two-step
 * sign-in, the code from its app. admin.login checks everything on the server and sets the cookie.
 */
export function AdminLogin({ email: initialEmail = '' }: { email?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  // Why the last attempt was refused, kept by the field to type again once the notice has gone.
  const [refused, setRefused] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const login = trpc.admin.login.useMutation({
    onSuccess: (state) => {
      setRefused(null);
      if (state.secondFactorRequired) {
        setNeedsCode(true);
        return;
      }
      utils.admin.session.setData(undefined, state);
      notifySuccess(messages.admin.accessGranted);
    },
    onError: (error) => {
      if (needsCode) setCode('');
      else setPassword('');
      const reason = errorMessage(error, messages.admin.wrongPassword);
      setRefused(reason);
      notify({ title: messages.admin.accessDenied, message: reason, color: 'red' });
    },
  });
  const startOver = () => {
    setRefused(null);
    setNeedsCode(false);
    setCode('');
    setPassword('');
  };
  // The fields are disabled while the server answers, which drops the focus: a refused attempt
  // gives it back to the field it emptied, beside the reason, to type again at once.
  const retyped = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refused && !login.isPending) retyped.current?.focus();
  }, [refused, login.isPending]);
  const ready = needsCode ? code.trim().length >= 6 : Boolean(email.trim() && password);
  return (
    <AuthCard
      icon={needsCode ? <IconDeviceMobile size={26} aria-hidden /> : <IconShieldCheck size={26} aria-hidden />}
      title={needsCode ? c.codeTitle : c.title}
      lead={needsCode ? c.codeLead(email.trim()) : c.lead}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !login.isPending) login.mutate({ email: email.trim(), password, ...(needsCode ? { code: code.trim() } : {}) });
        }}
      >
        <Stack gap="md">
          {needsCode ? (
            <TextInput
              key="code"
              ref={retyped}
              label={c.code}
              description={c.codeHint}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setRefused(null);
              }}
              error={refused}
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              maxLength={32}
              disabled={login.isPending}
            />
          ) : (
            <>
              <TextInput
                label={c.email}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                autoComplete="username"
                autoFocus={!initialEmail}
                disabled={login.isPending}
              />
              <PasswordInput
                ref={retyped}
                label={c.password}
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setRefused(null);
                }}
                error={refused}
                autoComplete="current-password"
                autoFocus={Boolean(initialEmail)}
                disabled={login.isPending}
              />
            </>
          )}
          <Button type="submit" fullWidth disabled={!ready} loading={login.isPending}>
            {needsCode ? c.verify : c.submit}
          </Button>
          {needsCode ? (
            <Anchor component="button" type="button" size="sm" ta="center" onClick={startOver}>
              {c.otherAccount}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/" size="sm" ta="center">
              {c.back}
            </Anchor>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
