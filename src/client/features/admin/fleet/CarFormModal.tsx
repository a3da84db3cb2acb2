import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { todayInManila } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { formatPeso, toCentavos } from '../../../../shared/money';
import { CAR_CATEGORIES, CAR_DEFAULTS, FUELS, TRANSMISSIONS, ZCreateCarSchema, type CarCategory, type TCar } from '../../../../shared/schemas/car.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { useSiteInfo } from '../../site/useSiteInfo';
import { changedFields, dialogRefusal, fieldErrors, shortDate } from '../helpers';
import { notify, notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog, HINT_BELOW } from '../parts';
import { showFirstError } from '../../../components/FormFields/FormFields';
import { CarImagesField } from './CarImagesField';

const c = adminCopy.carForm;

interface CarFormValues {
  name: string;
  category: CarCategory | '';
  dailyRate: string;
  deposit: string;
  seats: number | string;
  transmission: (typeof TRANSMISSIONS)[number];
  fuel: (typeof FUELS)[number];
  images: string[];
  description: string;
  descriptionFil: string;
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
      deposit: '',
      seats: CAR_DEFAULTS.seats,
      transmission: CAR_DEFAULTS.transmission,
      fuel: CAR_DEFAULTS.fuel,
      images: [],
      description: '',
      descriptionFil: '',
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
    deposit: toCentavos(car.deposit) > 0 ? String(Number(car.deposit)) : '',
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    images: [...car.images],
    description: car.description,
    descriptionFil: car.descriptionFil,
    mileage: car.mileage,
    year: car.year,
    plateNumber: car.plateNumber,
    available: car.available,
  };
}

/** Add Car / Edit Car: every car field, the spec's defaults for a new car, and its pictures (uploaded with progress). */
export function CarFormModal({ car, onClose: close }: { car: TCar | 'new' | null; onClose: () => void }) {
  const editing = car && car !== 'new' ? car : null;
  const utils = trpc.useUtils();
  const business = useSiteInfo();
  const form = useForm<CarFormValues>({ mode: 'controlled', initialValues: valuesOf(null), validate: schemaResolver(ZCreateCarSchema, { sync: true }) });
  const [uploading, setUploading] = useState(false);
  const onClose = () => close();

  const onSaved = async (notice: string | Parameters<typeof notify>[0]) => {
    if (typeof notice === 'string') notifySuccess(notice);
    else notify(notice);
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
    onSuccess: (answer) => {
      if (!answer.openBookings?.length) return onSaved(messages.admin.success.updateCar);
      // Stays until closed: these renters are still counting on the car, and the notice says who.
      const bookings = answer.openBookings.map((b) => `${b.reference} (${b.renterName}, ${shortDate(b.pickupDate)} – ${shortDate(b.returnDate)})`);
      return onSaved({ title: messages.admin.success.updateCar, message: c.openBookings(answer.name, bookings), color: 'orange', autoClose: false });
    },
    onError: (error) => onFailed(error, messages.admin.failed.updateCar),
  });
  useEffect(() => {
    if (car === null) return;
    form.setValues(valuesOf(editing));
    form.resetDirty(valuesOf(editing));
    form.clearErrors();
    create.reset();
    update.reset();
    // Reset only when another car (or a new one) is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [car]);
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit(
    (values) => {
      const data = { ...values, seats: Number(values.seats), year: Number(values.year) };
      if (!editing) return create.mutate(data);
      const changed = changedFields(form, data);
      if (changed) update.mutate({ id: editing.id, data: changed });
      else onClose();
    },
    (errors, values, event) => {
      if (errors.image || errors.images) notify({ message: messages.errors.carImageRequired, color: 'red' });
      showFirstError(errors, values, event);
    },
  );

  return (
    <FormDialog opened={car !== null} onClose={onClose} dirty={form.isDirty()} busy={pending || uploading} title={editing ? c.editTitle : c.addTitle} size="lg" long>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CarImagesField
            value={form.getValues().images}
            onChange={(images) => {
              form.setFieldValue('images', images);
              form.clearFieldError('image');
              form.clearFieldError('images');
            }}
            error={(form.errors.image ?? form.errors.images ?? null) as string | null}
            required={!editing}
            onBusy={setUploading}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={c.name} placeholder={c.namePlaceholder} withAsterisk {...form.getInputProps('name')} />
            <Select label={c.category} placeholder={c.categoryPlaceholder} withAsterisk data={[...CAR_CATEGORIES]} allowDeselect={false} {...form.getInputProps('category')} />
            <TextInput label={c.dailyRate} withAsterisk inputMode="decimal" {...form.getInputProps('dailyRate')} />
            <TextInput label={c.deposit} description={c.depositHint(formatPeso(business.deposit))} inputWrapperOrder={HINT_BELOW} inputMode="decimal" {...form.getInputProps('deposit')} />
            <NumberInput label={c.seats} withAsterisk min={1} max={60} allowDecimal={false} {...form.getInputProps('seats')} />
            <Select label={c.transmission} data={[...TRANSMISSIONS]} allowDeselect={false} {...form.getInputProps('transmission')} />
            <Select label={c.fuel} data={[...FUELS]} allowDeselect={false} {...form.getInputProps('fuel')} />
            <NumberInput label={c.year} min={1980} allowDecimal={false} {...form.getInputProps('year')} />
            <TextInput label={c.plateNumber} {...form.getInputProps('plateNumber')} />
            <TextInput label={c.mileage} description={c.mileageHint} inputWrapperOrder={HINT_BELOW} placeholder={c.mileagePlaceholder} {...form.getInputProps('mileage')} />
          </SimpleGrid>
          <Textarea label={c.description} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
          <Textarea label={c.descriptionFil} description={c.descriptionFilHint} inputWrapperOrder={HINT_BELOW} autosize minRows={2} maxRows={6} {...form.getInputProps('descriptionFil')} />
          <Switch label={c.available} {...form.getInputProps('available', { type: 'checkbox' })} />
          <FormActions
            submit={editing ? c.submitEdit : c.submitAdd}
            pending={pending}
            busy={uploading}
            onCancel={onClose}
            refusal={editing ? dialogRefusal(update.error, messages.admin.failed.updateCar) : dialogRefusal(create.error, messages.admin.failed.addCar)}
          />
        </Stack>
      </form>
    </FormDialog>
  );
}
