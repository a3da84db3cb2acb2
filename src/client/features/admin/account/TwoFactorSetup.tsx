import { Button, Code, CopyButton, Group, Image, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messages } from '../../../../shared/messages';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import classes from './AccountTab.module.css';

const c = adminCopy.account.twoFactor;

/** The recovery codes, shown once, with a button to copy them all. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <div>
        <Text fw={600}>{c.recoveryTitle}</Text>
        <Text size="sm" c="dimmed">
          {c.recoveryLead}
        </Text>
      </div>
      <SimpleGrid cols={2} spacing={6} verticalSpacing={6} component="ul" className={classes.codes}>
        {codes.map((code) => (
          <li key={code}>
            <Code className={classes.code}>{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? c.copied : c.copyCodes}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{c.saved}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Setting up two-step sign-in: a new secret from the server (as a QR code and as a key to type),
 * then the app's current code and the password turn it on, and the recovery codes are shown once.
 */
export function TwoFactorSetup({ onCancel, onDone }: { onCancel?: () => void; onDone: () => void }) {
  const utils = trpc.useUtils();
  const setup = trpc.account.twoFactorSetup.useMutation({ onError: (error) => notifyError(error, messages.admin.failed.twoFactor) });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const confirm = trpc.account.twoFactorConfirm.useMutation({
    onSuccess: (answer) => {
      setRecovery(answer.recoveryCodes);
      notifySuccess(messages.admin.success.twoFactorOn);
    },
    onError: (failure) => {
      const fields = fieldErrors(failure);
      if (fields.code) setCode('');
      if (fields.password) setPassword('');
      setErrors(fields);
      if (!fields.code && !fields.password) notifyError(failure, messages.admin.failed.twoFactor);
    },
  });
  const { mutate } = setup;
  useEffect(() => {
    mutate();
  }, [mutate]);

  const finish = async () => {
    await utils.admin.session.invalidate();
    await utils.account.invalidate();
    onDone();
  };
  if (recovery) return <RecoveryCodes codes={recovery} onDone={() => void finish()} />;
  if (!setup.data) {
    return (
      <Text size="sm" c="dimmed">
        {setup.isError ? null : adminCopy.login.checking}
      </Text>
    );
  }
  const qr = `data:image/svg+xml;base64,${btoa(setup.data.qrSvg)}`;
  const ready = code.trim().length >= 6 && password.length > 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) confirm.mutate({ code: code.trim(), password });
      }}
    >
      <Stack gap="md" data-testid="two-factor-setup">
        <Text size="sm">{c.scan}</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image src={qr} alt={c.qrAlt} w={176} h={176} className={classes.qr} />
          <Stack gap={4} className={classes.key}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {c.key}
            </Text>
            <Code className={classes.secret} data-testid="two-factor-key">
              {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Code>
          </Stack>
        </Group>
        <TextInput
          label={c.code}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setErrors(({ code: _, ...rest }) => rest);
          }}
          error={errors.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          w={{ base: '100%', xs: 280 }}
          data-autofocus
        />
        <PasswordInput
          label={c.yourPassword}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors(({ password: _, ...rest }) => rest);
          }}
          error={errors.password}
          autoComplete="current-password"
          w={{ base: '100%', xs: 280 }}
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending} disabled={!ready}>
            {c.confirm}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
              {c.cancel}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
