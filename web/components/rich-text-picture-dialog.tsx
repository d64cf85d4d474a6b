import { useEffect, useRef, useState } from 'react';
import { useApiSubmit } from '../hooks/use-api-submit';
import type { DialogProps } from '../lib/dialogs';
import { useTranslation } from '../lib/use-translation';
import { FormDialog } from './form-dialog';
import { FormAlert, SubmitButton, secondaryButton, TextField } from './form-controls';

export const PICTURE_ALT_MAX = 250;

export interface InsertedPicture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * Adds a picture to a rich text: shows the picked file, asks what it shows (the alt text read to
 * those who cannot see it), uploads it through the site's picture pipeline and hands back the
 * stored picture to insert. Upload errors stay in the dialog, so the writer can try again.
 */
export function RichTextPictureDialog({
  close,
  isOpen = true,
  file,
  uploadImage,
  onInsert,
}: DialogProps & {
  isOpen?: boolean;
  file: File;
  uploadImage: (file: File) => Promise<{ url: string; width: number; height: number }>;
  onInsert: (picture: InsertedPicture) => void;
}) {
  const { t } = useTranslation();
  const [alt, setAlt] = useState('');
  // Whatever the upload's failure, it shows above the buttons: the alt text is checked here.
  const {
    busy,
    errors,
    formMessage,
    submit: send,
    fail,
    clearErrors,
  } = useApiSubmit({
    refusal: (error) => ({ errors: {}, message: (error as Error).message || t('editor.picture_dialog.failed') }),
  });
  const preview = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // The picked file shown before it is uploaded; the object URL is freed when the dialog goes.
    const url = URL.createObjectURL(file);
    if (preview.current) preview.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = async () => {
    const text = alt.trim();
    if (!text) {
      fail({ alt: [t('editor.picture_dialog.alt_required')] });
      return;
    }
    if (text.length > PICTURE_ALT_MAX) {
      fail({ alt: [t('editor.picture_dialog.alt_too_long', { limit: PICTURE_ALT_MAX })] });
      return;
    }
    await send(
      () => uploadImage(file),
      (stored) => {
        close();
        onInsert({ src: stored.url, alt: text, width: stored.width, height: stored.height });
      },
    );
  };

  return (
    <FormDialog
      title={t('editor.picture_dialog.title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
      isDismissable={!busy}
      wide
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <img ref={preview} alt="" className="mb-4 max-h-56 w-full rounded-lg border border-line bg-sunken object-contain" />
        <TextField
          label={t('editor.picture_dialog.alt')}
          name="alt"
          autoFocus
          maxLength={PICTURE_ALT_MAX + 50}
          value={alt}
          onChange={(event) => {
            setAlt(event.target.value);
            clearErrors();
          }}
          hint={t('editor.picture_dialog.alt_hint')}
          errors={errors.alt}
        />
        {formMessage && (
          <div className="mt-3">
            <FormAlert tone="error">{formMessage}</FormAlert>
          </div>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={close} disabled={busy}>
            {t('editor.cancel')}
          </button>
          <SubmitButton busy={busy} label={t('editor.picture_dialog.insert')} busyLabel={t('editor.picture_dialog.uploading')} />
        </div>
      </form>
    </FormDialog>
  );
}
