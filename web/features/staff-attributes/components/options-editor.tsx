import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { FieldErrors, TextField, secondaryButton } from '../../../components/form-controls';
import { useTranslation } from '../../../lib/use-translation';
import { languageLabel } from '../../../lib/language-label';
import { type LabelInputs, type OptionDraft, newOption } from '../field-draft';
import { LOCALES, REQUIRED_NAME_LOCALES } from '../../../../common/locales';

const LANGUAGES = LOCALES;

/**
 * The options of a choice field: each a value (in URLs and stored on ads) and its names. A removed
 * option that ads still hold is refused by the server with what to do instead (rename it).
 */
export function OptionsEditor({
  options,
  onChange,
  errors,
}: {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  errors: Record<string, string[]>;
}) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const errorsId = useId();
  const set = (row: number, change: Partial<OptionDraft>) => onChange(options.map((o) => (o.row === row ? { ...o, ...change } : o)));
  const setLabel = (option: OptionDraft, language: keyof LabelInputs, text: string) =>
    set(option.row, { labels: { ...option.labels, [language]: text } });

  const add = () => {
    onChange([...options, newOption()]);
    // The new row's first input takes the focus once it is there.
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm font-medium">{t('staff_attributes.form.options')}</legend>
      <p className="text-sm text-muted">{t('staff_attributes.form.options_hint')}</p>
      <FieldErrors id={errorsId} errors={errors.options} />
      <ol ref={list} className="space-y-3">
        {options.map((option, index) => (
          <li key={option.row} className="rounded-xl border border-line p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('staff_attributes.form.option_value', { number: index + 1 })}
                name={`option-${option.row}-value`}
                value={option.value}
                onChange={(event) => set(option.row, { value: event.target.value })}
                autoCapitalize="none"
                spellCheck={false}
                inputClassName="font-mono"
                maxLength={60}
                errors={errors[`options.${index}.value`]}
              />
              {LANGUAGES.map((language) => (
                <TextField
                  key={language}
                  label={languageLabel(i18n, 'staff_attributes.form.option_label', language, { number: index + 1 })}
                  name={`option-${option.row}-${language}`}
                  lang={language}
                  value={option.labels[language]}
                  onChange={(event) => setLabel(option, language, event.target.value)}
                  maxLength={60}
                  {...(REQUIRED_NAME_LOCALES.includes(language) ? {} : { optionalText: t('staff_attributes.form.optional') })}
                  errors={errors[`options.${index}.labels.${language}`]}
                />
              ))}
            </div>
            <button
              type="button"
              className={`${secondaryButton} mt-3 h-10 text-sm`}
              onClick={() => onChange(options.filter((o) => o.row !== option.row))}
              aria-label={t('staff_attributes.form.remove_option_named', { name: option.labels.fi || option.value || index + 1 })}
            >
              <Trash2 aria-hidden size={16} />
              {t('staff_attributes.form.remove_option')}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className={secondaryButton} onClick={add}>
        <Plus aria-hidden size={18} />
        {t('staff_attributes.form.add_option')}
      </button>
    </fieldset>
  );
}
