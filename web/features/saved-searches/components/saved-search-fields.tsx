import { useEffect, useId, useRef } from 'react';
import { FieldErrors, SelectField, TextField } from '../../../components/form-controls';
import { type Refusal, fieldErrorsOf } from '../../../hooks/use-api-submit';
import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_CHANNELS, type SavedSearchAlerts, type SavedSearchChannel } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';

/** The server's SAVED_SEARCH_NAME_MAX (a value the web does not import from server/). */
export const SAVED_SEARCH_NAME_MAX = 120;

const FIELDS = ['name', 'alerts', 'channels'] as const;

/**
 * A refusal split for the dialogs: errors under their three fields; the rest (the limit of 50
 * comes under `query`, a filter the server refuses under `query.*`) in words above the buttons.
 */
export function savedSearchRefusal(error: unknown): Refusal {
  const named = fieldErrorsOf(error);
  const errors: Record<string, string[]> = {};
  const others: string[] = [];
  for (const [key, list] of Object.entries(named)) {
    const field = FIELDS.find((f) => key === f || key.startsWith(`${f}.`));
    if (field) errors[field] = [...(errors[field] ?? []), ...list];
    else others.push(...list);
  }
  if (others.length) return { errors, message: others.join(' ') };
  return { errors, message: Object.keys(errors).length ? undefined : (error as Error).message };
}

/** What the form says: an empty name is left to the server, which makes one from the filters. */
export function readSavedSearchForm(form: HTMLFormElement): { name: string; alerts: SavedSearchAlerts; channels: SavedSearchChannel[] } {
  const data = new FormData(form);
  const channels = data.getAll('channels').map(String);
  return {
    name: String(data.get('name') ?? '').trim(),
    alerts: String(data.get('alerts')) as SavedSearchAlerts,
    channels: SAVED_SEARCH_CHANNELS.filter((channel) => channels.includes(channel)),
  };
}

/** Name, alert frequency and channels: the same fields when saving a search and when editing one. */
export function SavedSearchFields({
  name = '',
  namePlaceholder,
  alerts = 'daily',
  channels = ['email'],
  errors,
}: {
  name?: string;
  namePlaceholder?: string | undefined;
  alerts?: SavedSearchAlerts;
  channels?: SavedSearchChannel[];
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const channelErrors = errors.channels?.length ? errors.channels : undefined;
  const fields = useRef<HTMLDivElement>(null);
  // The name is where the eye goes: focus it once the dialog has settled (react-aria focuses the dialog itself first).
  useEffect(() => {
    const frame = requestAnimationFrame(() => fields.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div ref={fields} className="space-y-4">
      <TextField
        label={t('saved_searches.fields.name')}
        name="name"
        defaultValue={name}
        placeholder={namePlaceholder || undefined}
        maxLength={SAVED_SEARCH_NAME_MAX}
        hint={t('saved_searches.fields.name_hint')}
        errors={errors.name}
      />
      <SelectField
        label={t('saved_searches.fields.alerts')}
        name="alerts"
        defaultValue={alerts}
        errors={errors.alerts}
        options={SAVED_SEARCH_ALERTS.map((value) => ({ value, label: t(`saved_searches.alerts.${value}`) }))}
      />
      <fieldset aria-describedby={channelErrors ? `${id}-errors` : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('saved_searches.fields.channels')}</legend>
        <ul className="space-y-2">
          {SAVED_SEARCH_CHANNELS.map((channel) => (
            <li key={channel} className="flex items-center gap-3">
              <input
                id={`${id}-${channel}`}
                type="checkbox"
                name="channels"
                value={channel}
                defaultChecked={channels.includes(channel)}
                aria-invalid={channelErrors ? true : undefined}
                className="h-5 w-5 shrink-0 accent-[var(--brand)]"
              />
              <label htmlFor={`${id}-${channel}`} className="text-sm">
                {t(`saved_searches.channels.${channel}`)}
              </label>
            </li>
          ))}
        </ul>
        <FieldErrors id={`${id}-errors`} errors={channelErrors} />
      </fieldset>
    </div>
  );
}
