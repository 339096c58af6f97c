import { useEffect } from 'react';
import { Button, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BOOKING_SLUG_PATTERN } from '@clinic/shared';
import { CopyField } from '@/components/copy-field';
import { SectionCard } from '@/components/details';
import { TextField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useSession } from '@/lib/session-context';
import { useBookingPage, useSaveBookingPage } from '../api/booking-page';

const slugForm = z.object({
  slug: z.string().trim().toLowerCase().regex(BOOKING_SLUG_PATTERN, { error: 'validation.onlineBooking.slugInvalid' }),
});
type SlugForm = z.input<typeof slugForm>;

/** The organisation's public booking address (/book/<slug>): set or removed here, with its QR code and an embed snippet. */
export function BookingPageCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('company_write');
  const page = useBookingPage(companyId);
  const save = useSaveBookingPage(companyId);
  const { form, serverError, onSubmit, applyServerError } = useSchemaForm<SlugForm, z.output<typeof slugForm>>({ schema: slugForm, defaultValues: { slug: '' } });
  const { reset } = form;
  useEffect(() => { if (page.data) reset({ slug: page.data.slug ?? '' }); }, [page.data, reset]);
  const p = page.data;
  const copy = { copyLabel: t('company.bookingPage.copy'), copiedLabel: t('company.bookingPage.copied') };

  return (
    <SectionCard title={t('company.bookingPage.title')} icon={<IconWorld size={18} />} testId="company-booking-page">
      {!p ? <Skeleton height={120} /> : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('company.bookingPage.hint')}</Text>
          {canWrite && (
            <form noValidate onSubmit={onSubmit(async (v) => { await save.mutateAsync(v.slug); })} data-testid="booking-page-form">
              <Stack gap="xs">
                <TextField control={form.control} name="slug" label={t('company.bookingPage.slug')} description={t('company.bookingPage.slugHint')} dir="ltr" maxLength={40} testId="booking-page-slug" />
                <FormMessage message={serverError} />
                <Group gap="xs">
                  <Button type="submit" loading={save.isPending && save.variables !== null} data-testid="booking-page-save">{t('company.bookingPage.save')}</Button>
                  {p.slug && (
                    <Button variant="subtle" color="red" loading={save.isPending && save.variables === null} data-testid="booking-page-remove"
                      onClick={() => save.mutate(null, { onError: (e) => applyServerError(e) })}>
                      {t('company.bookingPage.remove')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </form>
          )}
          {p.url && p.embed && p.qrSvg ? (
            <>
              <CopyField label={t('company.bookingPage.url')} value={p.url} {...copy} testId="booking-page-url" />
              <Group gap="sm" align="flex-end">
                <Image src={p.qrSvg} w={132} h={132} alt={t('company.bookingPage.qr')} bg="white" p={6} radius="sm" data-testid="booking-page-qr" />
                <Button component="a" href={p.qrSvg} download={`booking-${p.slug ?? ''}.svg`} variant="light" size="xs">{t('company.bookingPage.download')}</Button>
              </Group>
              <CopyField label={t('company.bookingPage.embed')} value={p.embed} {...copy} testId="booking-page-embed" />
              <Text size="xs" c="dimmed">{t('company.bookingPage.embedHint')}</Text>
            </>
          ) : (
            <Text size="sm" c="dimmed" data-testid="booking-page-none">{t('company.bookingPage.none')}</Text>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
