import { useState } from 'react';
import type { DialogProps } from '../lib/dialogs';
import { readLinkAddress } from '../lib/rich-text-links';
import { useTranslation } from '../lib/use-translation';
import { FormDialog } from './form-dialog';
import { primaryButton, secondaryButton, TextField } from './form-controls';

/**
 * Asks where a link in the rich-text editor points. Only web and mail addresses and this site's
 * own paths are taken (the sanitizer keeps nothing else); an empty address removes the link.
 */
export function RichTextLinkDialog({
  close,
  isOpen = true,
  initial,
  onApply,
}: DialogProps & { isOpen?: boolean; initial: string; onApply: (href: string | null) => void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(initial);
  const [errors, setErrors] = useState<string[]>();

  const submit = () => {
    const read = readLinkAddress(address);
    if ('problem' in read) {
      setErrors([t(`editor.link_dialog.problem_${read.problem}`)]);
      return;
    }
    close();
    onApply('href' in read ? read.href : null);
  };

  return (
    <FormDialog
      title={t(initial ? 'editor.link_dialog.title_edit' : 'editor.link_dialog.title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      wide
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('editor.link_dialog.address')}
          name="href"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            setErrors(undefined);
          }}
          placeholder="https://"
          hint={t('editor.link_dialog.hint')}
          errors={errors}
        />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={close}>
            {t('editor.cancel')}
          </button>
          {initial && (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                close();
                onApply(null);
              }}
            >
              {t('editor.link_dialog.remove')}
            </button>
          )}
          <button type="submit" className={primaryButton}>
            {t('editor.link_dialog.apply')}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
