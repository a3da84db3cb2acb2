import { Autocomplete, Button, FileButton, Group, NumberInput, Progress, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { carImageSrc } from '../../../../shared/carImages';
import { todayInManila } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { CAR_DEFAULTS, FUELS, TRANSMISSIONS, ZCreateCarSchema, type TCar } from '../../../../shared/schemas/car.schema';
import { UPLOAD_RULES } from '../../../../shared/schemas/upload.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { fieldErrors } from '../helpers';
import { notify, notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog } from '../parts';
import { uploadCarImage } from '../upload';
import classes from './CarFormModal.module.css';

const c = adminCopy.carForm;

interface CarFormValues {
  name: string;
  category: string;
  dailyRate: string;
  seats: number | string;
  transmission: (typeof TRANSMISSIONS)[number];
  fuel: (typeof FUELS)[number];
  image: string;
  description: string;
  mileage: string;
  year: number | string;
  plateNumber: string;
  available: boolean;
}

function valuesOf(car: TCar | null): CarFormValues {
  if (!car) {
    return {
      name: '',
      category: '',
      dailyRate: '',
      seats: CAR_DEFAULTS.seats,
      transmission: CAR_DEFAULTS.transmission,
      fuel: CAR_DEFAULTS.fuel,
      image: '',
      description: '',
      mileage: '',
      year: Number(todayInManila().slice(0, 4)),
      plateNumber: '',
      available: CAR_DEFAULTS.available,
    };
  }
  return {
    name: car.name,
    category: car.category,
    dailyRate: String(Number(car.dailyRate)),
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    image: car.image,
    description: car.description,
    mileage: car.mileage,
    year: car.year,
    plateNumber: car.plateNumber,
    available: car.available,
  };
}

/** Add Car / Edit Car: every car field, the spec's defaults for a new car, and the image upload with progress. */
export function CarFormModal({ car, categories, onClose: close }: { car: TCar | 'new' | null; categories: string[]; onClose: () => void }) {
  const editing = car && car !== 'new' ? car : null;
  const utils = trpc.useUtils();
  const form = useForm<CarFormValues>({ mode: 'controlled', initialValues: valuesOf(null), validate: schemaResolver(ZCreateCarSchema, { sync: true }) });
  const [progress, setProgress] = useState<number | null>(null);
  const onClose = () => {
    setProgress(null);
    close();
  };
  const requestUpload = trpc.uploads.request.useMutation();
  const checkUpload = trpc.uploads.check.useMutation();

  useEffect(() => {
    if (car === null) return;
    form.setValues(valuesOf(editing));
    form.resetDirty(valuesOf(editing));
    form.clearErrors();
    // Reset only when another car (or a new one) is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [car]);

  const onSaved = async (message: string) => {
    notifySuccess(message);
    onClose();
    await Promise.all([utils.cars.invalidate(), utils.admin.overview.invalidate()]);
  };
  const onFailed = (error: unknown, fallback: string) => {
    form.setErrors(fieldErrors(error));
    notifyError(error, fallback);
  };
  const create = trpc.cars.create.useMutation({
    onSuccess: () => onSaved(messages.admin.success.addCar),
    onError: (error) => onFailed(error, messages.admin.failed.addCar),
  });
  const update = trpc.cars.update.useMutation({
    onSuccess: () => onSaved(messages.admin.success.updateCar),
    onError: (error) => onFailed(error, messages.admin.failed.updateCar),
  });
  const uploading = progress !== null && progress < 100;
  const pending = create.isPending || update.isPending;

  const upload = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    try {
      const path = await uploadCarImage(file, { request: requestUpload.mutateAsync, check: checkUpload.mutateAsync }, setProgress);
      form.setFieldValue('image', path);
      notifySuccess(messages.upload.imageUploaded);
      setProgress(100);
    } catch (error) {
      setProgress(null);
      notify({ message: error instanceof Error ? error.message : messages.upload.nothingProcessed, color: 'red' });
    }
  };

  const submit = form.onSubmit(
    (values) => {
      const data = { ...values, seats: Number(values.seats), year: Number(values.year) };
      if (editing) update.mutate({ id: editing.id, data });
      else create.mutate(data);
    },
    (errors) => {
      if (errors.image) notify({ message: messages.errors.carImageRequired, color: 'red' });
    },
  );

  const image = form.getValues().image;
  return (
    <FormDialog opened={car !== null} onClose={onClose} dirty={form.isDirty()} busy={pending || uploading} title={editing ? c.editTitle : c.addTitle} size="lg" long>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={6} id="car-image-label">
              {c.image}
              {editing ? null : (
                <Text span c="red" aria-hidden>
                  {' '}
                  *
                </Text>
              )}
            </Text>
            <Group align="center" gap="md" wrap="nowrap">
              <div className={classes.preview}>
                {image ? <img src={carImageSrc(image)} alt={c.previewAlt} data-testid="car-image-preview" /> : null}
              </div>
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <FileButton onChange={upload} accept={UPLOAD_RULES['car-image'].accept} disabled={uploading || pending}>
                  {(props) => (
                    <Button {...props} variant="default" size="sm" loading={uploading} aria-describedby="car-image-hint">
                      {image ? c.replaceImage : c.chooseImage}
                    </Button>
                  )}
                </FileButton>
                <Text size="xs" c="dimmed" id="car-image-hint">
                  {c.imageHint}
                </Text>
                {progress !== null ? (
                  <Stack gap={2}>
                    <Progress.Root size="md" radius="xl">
                      <Progress.Section value={progress} animated={progress < 100} aria-label={c.uploading(progress)} />
                    </Progress.Root>
                    <Text size="xs" c="dimmed" aria-live="polite">
                      {progress < 100 ? c.uploading(progress) : messages.upload.imageUploaded}
                    </Text>
                  </Stack>
                ) : null}
                {form.errors.image ? (
                  <Text size="xs" c="var(--mantine-color-error)" role="alert">
                    {form.errors.image}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={c.name} placeholder={c.namePlaceholder} withAsterisk {...form.getInputProps('name')} />
            <Autocomplete label={c.category} placeholder={c.categoryPlaceholder} withAsterisk data={categories} {...form.getInputProps('category')} />
            <TextInput label={c.dailyRate} withAsterisk inputMode="decimal" {...form.getInputProps('dailyRate')} />
            <NumberInput label={c.seats} withAsterisk min={1} max={60} allowDecimal={false} {...form.getInputProps('seats')} />
            <Select label={c.transmission} data={[...TRANSMISSIONS]} allowDeselect={false} {...form.getInputProps('transmission')} />
            <Select label={c.fuel} data={[...FUELS]} allowDeselect={false} {...form.getInputProps('fuel')} />
            <NumberInput label={c.year} min={1980} allowDecimal={false} {...form.getInputProps('year')} />
            <TextInput label={c.plateNumber} {...form.getInputProps('plateNumber')} />
            <TextInput label={c.mileage} placeholder={c.mileagePlaceholder} {...form.getInputProps('mileage')} />
          </SimpleGrid>
          <Textarea label={c.description} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
          <Switch label={c.available} {...form.getInputProps('available', { type: 'checkbox' })} />
          <FormActions submit={editing ? c.submitEdit : c.submitAdd} pending={pending} busy={uploading} onCancel={onClose} />
        </Stack>
      </form>
    </FormDialog>
  );
}
