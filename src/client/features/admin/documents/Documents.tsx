import { Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../../shared/messages';
import { DOCUMENT_FIELDS, type DocumentField } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { useDialogProps } from '../parts';
import classes from './Documents.module.css';

const c = adminCopy.documents;

/**
 * Opens staff's private documents in a new tab, and when the browser blocks the pop-up, shows the
 * address to copy instead. `open` goes to `DocumentLinks`; `dialog` is rendered once by the tab.
 */
export function useDocumentViewer(): { open: (path: string) => void; dialog: ReactNode } {
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const dialogProps = useDialogProps();
  const open = (path: string) => {
    const url = new URL(path, window.location.origin).toString();
    const opened = window.open(url, '_blank');
    if (!opened) setBlockedUrl(url);
    else opened.opener = null;
  };
  const dialog = (
    <Modal opened={blockedUrl !== null} onClose={() => setBlockedUrl(null)} title={c.popupTitle} centered {...dialogProps}>
      <Stack gap="sm">
        <Text size="sm" role="alert">
          {messages.upload.popupBlocked}
        </Text>
        <Text size="sm" ff="monospace" className={classes.wrap} data-testid="document-url">
          {blockedUrl}
        </Text>
        <Group justify="flex-end">
          <CopyButton value={blockedUrl ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? c.copied : c.copyAddress}
              </Button>
            )}
          </CopyButton>
          <Button onClick={() => setBlockedUrl(null)}>{c.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { open, dialog };
}

/** The identity documents a customer record or a booking holds, each a button that opens it. */
export function DocumentLinks({ holder, name, onOpen }: { holder: Partial<Record<DocumentField, string | null>>; name: string; onOpen: (path: string) => void }) {
  return (
    <Group gap={6} mt="sm" aria-label={c.title} role="group">
      {DOCUMENT_FIELDS.some((field) => holder[field]) ? (
        DOCUMENT_FIELDS.map((field) => {
          const path = holder[field];
          return path ? (
            <Button key={field} size="compact-xs" variant="light" onClick={() => onOpen(path)} aria-label={c.view(c.labels[field], name)}>
              {c.labels[field]}
            </Button>
          ) : null;
        })
      ) : (
        <Text size="xs" c="dimmed">
          {c.none}
        </Text>
      )}
    </Group>
  );
}
