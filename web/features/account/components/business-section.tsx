import { useId, useState } from 'react';
import { BUSINESS_ID_INPUT_MAX, COMPANY_ADDRESS_MAX, COMPANY_NAME_MAX } from '../../../../common/business-id';
import { FieldErrors, TextField } from '../../../components/form-controls';
import { useTranslation } from '../../../lib/use-translation';

/** The business section of the person's profile, as the settings form starts it. */
export interface BusinessProfile {
  trader: boolean;
  companyName: string;
  businessId: string;
  companyAddress: string;
  companyEmail: string;
  companyPhone: string;
}

/**
 * "Myyn yrityksenä" in the profile form: a checkbox that reveals the company's fields. The fields
 * stay in the form while hidden, so unticking and ticking again keeps what was typed; the server
 * ignores them (and clears the stored ones) when the box is not ticked. Without JavaScript a
 * ticked box posted with empty fields comes back with the fields shown and their errors.
 */
export function BusinessSection({
  profile,
  values,
  errors,
}: {
  profile: BusinessProfile;
  /** What was typed, when the form came back refused. */
  values?: Record<string, string> | undefined;
  errors: Record<string, string[] | undefined>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [trader, setTrader] = useState(values ? values.trader === 'on' : profile.trader);
  const invalid = !!errors.trader?.length;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">{t('business.settings.title')}</legend>
      <p className="text-sm text-muted">{t('business.settings.intro')}</p>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            name="trader"
            checked={trader}
            onChange={(event) => setTrader(event.target.checked)}
            aria-controls={`${id}-fields`}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-errors` : undefined}
            className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]"
          />
          <label htmlFor={id} className="text-sm">
            {t('business.settings.trader')}
          </label>
        </div>
        <FieldErrors id={`${id}-errors`} errors={errors.trader} />
      </div>
      <div id={`${id}-fields`} hidden={!trader} className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('business.fields.company_name')}
          name="company_name"
          autoComplete="organization"
          required={trader}
          maxLength={COMPANY_NAME_MAX}
          defaultValue={values?.company_name ?? profile.companyName}
          errors={errors.company_name}
        />
        <TextField
          label={t('business.fields.business_id')}
          name="business_id"
          required={trader}
          maxLength={BUSINESS_ID_INPUT_MAX}
          hint={t('business.fields.business_id_hint')}
          defaultValue={values?.business_id ?? profile.businessId}
          errors={errors.business_id}
        />
        <TextField
          label={t('business.fields.company_address')}
          name="company_address"
          autoComplete="street-address"
          maxLength={COMPANY_ADDRESS_MAX}
          required={trader}
          defaultValue={values?.company_address ?? profile.companyAddress}
          errors={errors.company_address}
        />
        <TextField
          label={t('business.fields.company_email')}
          name="company_email"
          type="email"
          autoComplete="email"
          maxLength={254}
          required={trader}
          defaultValue={values?.company_email ?? profile.companyEmail}
          errors={errors.company_email}
        />
        <TextField
          label={t('business.fields.company_phone')}
          name="company_phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          required={trader}
          hint={t('account.profile.phone_hint')}
          defaultValue={values?.company_phone ?? profile.companyPhone}
          errors={errors.company_phone}
        />
      </div>
      {profile.trader && !trader && <p className="text-sm text-muted">{t('business.settings.off_note')}</p>}
    </fieldset>
  );
}
