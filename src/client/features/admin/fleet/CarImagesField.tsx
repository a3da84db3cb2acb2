import { ActionIcon, Badge, FileButton, Group, Loader, Progress, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { carImageSrc } from '../../../../shared/carImages';
import { messages } from '../../../../shared/messages';
import { MAX_CAR_IMAGES } from '../../../../shared/schemas/car.schema';
import { UPLOAD_RULES } from '../../../../shared/schemas/upload.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { notify, notifySuccess } from '../notify';
import { carImageProblem, uploadCarImage } from '../upload';
import classes from './CarFormModal.module.css';

const c = adminCopy.carForm;

/** Moves the item at `from` to `to`, in a new array. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A car's pictures: each with its place (the first is the cover), moved earlier or later, made the
 * cover or removed with buttons; new ones uploaded one after the other with their progress, by the
 * spec's flow (uploadCarImage). The car keeps what is saved with the form.
 */
export function CarImagesField({ value, onChange, error, required, onBusy }: { value: string[]; onChange: (images: string[]) => void; error?: string | null; required: boolean; onBusy: (busy: boolean) => void }) {
  const requestUpload = trpc.uploads.request.useMutation();
  const checkUpload = trpc.uploads.check.useMutation();
  const [progress, setProgress] = useState<{ n: number; of: number; percent: number } | null>(null);
  const room = MAX_CAR_IMAGES - value.length;

  const upload = async (files: File[]) => {
    if (!files.length) return;
    if (files.length > room) {
      notify({ message: c.tooManyImages(MAX_CAR_IMAGES), color: 'red' });
      return;
    }
    // A file that cannot be a car image refuses the whole choice before anything is sent or shown.
    const problem = files.map(carImageProblem).find(Boolean);
    if (problem) {
      notify({ message: problem, color: 'red' });
      return;
    }
    onBusy(true);
    let images = value;
    try {
      for (const [i, file] of files.entries()) {
        setProgress({ n: i + 1, of: files.length, percent: 0 });
        const path = await uploadCarImage(file, { request: requestUpload.mutateAsync, check: checkUpload.mutateAsync }, (percent) => setProgress({ n: i + 1, of: files.length, percent }));
        images = [...images, path];
        onChange(images);
      }
      notifySuccess(messages.upload.imageUploaded);
    } catch (failure) {
      notify({ message: failure instanceof Error ? failure.message : messages.upload.nothingProcessed, color: 'red' });
    } finally {
      setProgress(null);
      onBusy(false);
    }
  };

  return (
    <div role="group" aria-labelledby="car-images-label" aria-describedby="car-images-hint" data-testid="car-images">
      <Text size="sm" fw={500} mb={6} id="car-images-label">
        {c.image}
        {required ? (
          <Text span c="red" aria-hidden>
            {' '}
            *
          </Text>
        ) : null}
      </Text>
      <div className={classes.pictures}>
        {value.map((image, i) => (
          <figure key={image} className={classes.picture} data-testid="car-image">
            <img src={carImageSrc(image)} alt={c.pictureAlt(i + 1)} data-testid="car-image-preview" />
            {i === 0 ? (
              <Badge className={classes.cover} size="xs" variant="filled">
                {c.cover}
              </Badge>
            ) : null}
            <Group gap={2} className={classes.pictureTools} justify="center" wrap="nowrap">
              <Tooltip label={c.moveEarlier(i + 1)}>
                <ActionIcon variant="default" size="sm" aria-label={c.moveEarlier(i + 1)} disabled={i === 0} onClick={() => onChange(moved(value, i, i - 1))}>
                  <IconArrowLeft size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={c.makeCover(i + 1)}>
                <ActionIcon variant="default" size="sm" aria-label={c.makeCover(i + 1)} disabled={i === 0} onClick={() => onChange(moved(value, i, 0))}>
                  <IconStar size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={c.moveLater(i + 1)}>
                <ActionIcon variant="default" size="sm" aria-label={c.moveLater(i + 1)} disabled={i === value.length - 1} onClick={() => onChange(moved(value, i, i + 1))}>
                  <IconArrowRight size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={c.removeImage(i + 1)}>
                <ActionIcon variant="default" color="red" size="sm" aria-label={c.removeImage(i + 1)} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </figure>
        ))}
        {room > 0 ? (
          <FileButton onChange={(files) => void upload(files)} accept={UPLOAD_RULES['car-image'].accept} multiple disabled={progress !== null}>
            {(props) => (
              <UnstyledButton {...props} className={classes.addPicture} aria-describedby="car-images-hint" data-testid="add-pictures">
                {progress !== null ? <Loader size="sm" aria-hidden /> : <IconPhotoPlus size={26} aria-hidden />}
                <span>{value.length ? c.addImages : c.chooseImage}</span>
              </UnstyledButton>
            )}
          </FileButton>
        ) : null}
      </div>
      <Text size="xs" c="dimmed" mt={6} id="car-images-hint">
        {c.imageHint}
      </Text>
      {progress ? (
        <Stack gap={2} mt={6}>
          <Progress.Root size="md" radius="xl">
            <Progress.Section value={progress.percent} animated={progress.percent < 100} aria-label={c.uploadingOf(progress.n, progress.of, progress.percent)} />
          </Progress.Root>
          <Text size="xs" c="dimmed" aria-live="polite">
            {c.uploadingOf(progress.n, progress.of, progress.percent)}
          </Text>
        </Stack>
      ) : null}
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert" mt={4}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
