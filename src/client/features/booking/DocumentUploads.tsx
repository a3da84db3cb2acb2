import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconFileText, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import { DOCUMENT_FIELDS, type DocumentField, type TDocuments } from '../../../shared/schemas/booking.schema';
import type { TDraftDocument } from '../../../shared/schemas/bookingDraft.schema';
import { UPLOAD_RULES } from '../../../shared/schemas/upload.schema';
import { bookingFormCopy } from '../../content/bookingForm';
import { takeLostFocus } from '../../focus';
import { logWarning } from '../../log';
import { trpc } from '../../trpc';
import { splitNotice } from '../uploads/notice';
import { UploadError, uploadFile } from '../uploads/uploadFile';
import { notify } from '../../notify';

const d = bookingFormCopy.documents;

/** The booking form's documents: each one's server reference and the file's name to show. */
export type DocumentValues = Partial<Record<DocumentField, TDraftDocument>>;

/** The three references, when all three documents are uploaded (as a booking needs), else null. */
export function documentPaths(value: DocumentValues): TDocuments | null {
  const [photoId1Url, photoId2Url, proofOfBillingUrl] = DOCUMENT_FIELDS.map((field) => value[field]?.path);
  return photoId1Url && photoId2Url && proofOfBillingUrl ? { photoId1Url, photoId2Url, proofOfBillingUrl } : null;
}

interface SlotState {
  progress: number | null;
  fileName: string | null;
  /** Why the last file chosen was refused, kept beside the slot after its notice has gone. */
  error?: string | null;
}

interface DocumentSlotProps {
  field: DocumentField;
  value: string | undefined;
  /** The name of the file `value` was uploaded from, when this slot did not upload it (a restored draft). */
  fileName?: string | undefined;
  /** Why the server refused the document this slot held (no longer stored, the same file as another): shown until another is uploaded. */
  problem?: string | null | undefined;
  onUploaded: (path: string, file: File) => void;
  invalid?: boolean;
  /** Why a file chosen cannot go in this slot before it is uploaded (another slot holds it), or null. */
  refusal?: (file: File) => Promise<string | null>;
}

/** One document: its label and hint, and the file chosen uploaded at once with a progress bar (the booking form's slots, and a document staff asked a renter for). */
export function DocumentSlot({ field, value, fileName = undefined, problem = null, onUploaded, invalid = false, refusal }: DocumentSlotProps) {
  const client = trpc.useUtils().client;
  const input = useRef<HTMLInputElement>(null);
  const [uploadState, setState] = useState<SlotState>({ progress: null, fileName: null });
  const state = { ...uploadState, fileName: uploadState.fileName ?? fileName ?? null, error: uploadState.error ?? problem };
  const slot = d.slots[field];
  const uploading = state.progress !== null;
  const inputId = `document-${field}`;
  // The button gives way to the progress bar while its file uploads, taking the focus with it: the
  // focus comes back to it (Replace, or Upload after a failure) unless it has gone somewhere since.
  const button = useRef<HTMLButtonElement>(null);
  const focusBack = useRef(false);
  useEffect(() => {
    if (uploading || !focusBack.current) return;
    focusBack.current = false;
    takeLostFocus(button.current);
  }, [uploading]);

  const upload = async (file: File) => {
    focusBack.current = document.activeElement === button.current;
    const previousName = state.fileName;
    const refused = await refusal?.(file);
    if (refused) {
      setState({ progress: null, fileName: value ? previousName : null, error: refused });
      notify({ title: messages.upload.failedTitle, message: refused, color: 'red' });
      return;
    }
    setState({ progress: 0, fileName: file.name });
    try {
      const path = await uploadFile(client, { kind: 'document', file, onProgress: (progress) => setState({ progress, fileName: file.name }) });
      onUploaded(path, file);
      setState({ progress: null, fileName: file.name });
      notify({ title: messages.upload.uploaded[field], message: file.name, color: 'green' });
    } catch (error) {
      const text = error instanceof UploadError ? error.message : messages.upload.nothingProcessed;
      const notice = splitNotice(text, messages.upload.failedTitle);
      // A replacement refused leaves the document uploaded before in place: its name stays.
      setState({ progress: null, fileName: value ? previousName : null, error: notice.message });
      if (!(error instanceof UploadError)) logWarning(`Upload of ${slot.label} failed: ${String(error)}`);
      notify({ ...notice, color: 'red' });
    }
  };

  return (
    <Card padding="md" radius="md" className="document-slot" data-field={field} data-state={uploading ? 'uploading' : value ? 'uploaded' : 'empty'} style={(invalid && !value) || state.error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={value ? 'green' : 'lagoon'} size={36} radius="md">
            {value ? <IconCheck size={18} aria-hidden /> : <IconFileText size={18} aria-hidden />}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" component="label" htmlFor={inputId}>
              {slot.label}
            </Text>
            <Text size="xs" c="dimmed" id={`${inputId}-hint`}>
              {slot.hint}
            </Text>
          </div>
        </Group>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={UPLOAD_RULES.document.accept}
          className="visually-hidden-input"
          tabIndex={-1}
          aria-describedby={state.error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
        {state.error && !uploading ? (
          <Text size="xs" c="var(--mantine-color-error)" id={`${inputId}-error`} data-testid="document-error">
            {state.error}
          </Text>
        ) : null}
        {uploading ? (
          <Stack gap={4} mt="auto">
            <Progress value={state.progress ?? 0} animated aria-label={d.progress({ label: slot.label })} />
            <Text size="xs" c="dimmed" truncate>
              {d.uploading} {state.fileName}
            </Text>
          </Stack>
        ) : (
          // The state badge sits with the button, not after the title: a long title in a narrow
          // column ("Proof of Billing") would push it onto a line of its own. The file's name gives
          // way (truncated), never the badge's or the button's word: where those two do not fit side
          // by side (a tablet's three columns, in Filipino) the button goes under the badge.
          <Group justify="space-between" mt="auto" gap="xs" style={{ rowGap: 6 }}>
            {value ? (
              <Badge color="green" variant="light" size="sm" style={{ flexShrink: 0 }}>
                {d.uploaded}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" size="sm" style={{ flexShrink: 0 }}>
                {d.required}
              </Badge>
            )}
            <Text size="xs" c="dimmed" truncate style={{ flex: '1 1 0', minWidth: 0 }}>
              {value ? state.fileName : null}
            </Text>
            <Button
              ref={button}
              size="xs"
              variant={value ? 'default' : 'light'}
              leftSection={<IconUpload size={14} aria-hidden />}
              style={{ flexShrink: 0, marginInlineStart: 'auto' }}
              onClick={() => input.current?.click()}
              aria-label={`${value ? d.replace : d.upload} ${slot.label}`}
            >
              {value ? d.replace : d.upload}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Whether two files hold the same bytes. */
async function sameBytes(a: File, b: File): Promise<boolean> {
  if (a.size !== b.size) return false;
  const [x, y] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]).then((buffers) => buffers.map((buffer) => new Uint8Array(buffer)));
  return x!.every((byte, i) => byte === y![i]);
}

/**
 * The three required documents, each uploaded through the signed upload flow as soon as it is
 * chosen. A file another slot already holds is refused in the slot it was chosen for, before it is
 * uploaded (the server refuses the booking too, but could not say which slot).
 */
export function DocumentUploads({
  value,
  onChange,
  showMissing,
  problems = {},
}: {
  value: DocumentValues;
  onChange: (field: DocumentField, document: TDraftDocument) => void;
  showMissing: boolean;
  /** The server's refusal of a document sent before, by slot. */
  problems?: Partial<Record<DocumentField, string>>;
}) {
  const files = useRef(new Map<DocumentField, File>());
  const heldElsewhere = async (field: DocumentField, file: File) => {
    for (const [other, held] of files.current) {
      if (other !== field && value[other] && (await sameBytes(held, file))) return messages.errors.sameDocumentTwice;
    }
    return null;
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {d.lead}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {DOCUMENT_FIELDS.map((field) => (
          <DocumentSlot
            key={field}
            field={field}
            value={value[field]?.path}
            fileName={value[field]?.name}
            problem={problems[field]}
            onUploaded={(path, file) => {
              files.current.set(field, file);
              onChange(field, { path, name: file.name });
            }}
            invalid={showMissing}
            refusal={(file) => heldElsewhere(field, file)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
