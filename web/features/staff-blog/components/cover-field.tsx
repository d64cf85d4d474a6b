import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { FieldErrors, describedBy, inputClass, secondaryButton } from '../../../components/form-controls';
import { ApiError, api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import type { PostForm } from '../post-form';

/** The cover picture: uploaded through the picture pipeline, shown, removable, with its alternative text. */
export function CoverField({
  cover,
  alt,
  onChange,
  onAltChange,
  errors,
}: {
  cover: PostForm['cover'];
  alt: string;
  onChange: (cover: PostForm['cover']) => void;
  onAltChange: (alt: string) => void;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadErrors, setUploadErrors] = useState<string[]>();
  const shown = uploadErrors ?? errors;

  async function upload(file: File) {
    setBusy(true);
    setUploadErrors(undefined);
    try {
      const { data } = await api.uploadContentImage(file);
      onChange({ url: data.url, width: data.width, height: data.height });
    } catch (error) {
      const fields = error instanceof ApiError ? error.data?.errors?.file : undefined;
      setUploadErrors(fields?.length ? fields : [(error as Error).message]);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm font-medium">{t('admin_blog.form.cover')}</legend>
      {cover ? (
        <img src={cover.url} alt="" className="aspect-[16/9] w-full max-w-md rounded-lg border border-line bg-sunken object-cover" />
      ) : (
        <p className="text-sm text-muted">{t('admin_blog.form.no_cover')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="sr-only"
          aria-describedby={describedBy(!!shown?.length && `${id}-errors`)}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <label
          htmlFor={`${id}-file`}
          className={`${secondaryButton} h-10 cursor-pointer text-sm ${busy ? 'pointer-events-none opacity-70' : ''}`}
        >
          {busy ? <Loader2 aria-hidden size={16} className="animate-spin" /> : <ImagePlus aria-hidden size={16} />}
          {busy ? t('admin_blog.form.uploading') : cover ? t('admin_blog.form.replace_cover') : t('admin_blog.form.upload_cover')}
        </label>
        {cover && (
          <button type="button" className={`${secondaryButton} h-10 text-sm text-danger`} onClick={() => onChange(null)}>
            <Trash2 aria-hidden size={16} />
            {t('admin_blog.form.remove_cover')}
          </button>
        )}
      </div>
      <FieldErrors id={`${id}-errors`} errors={shown} />
      {cover && (
        <div>
          <label htmlFor={`${id}-alt`} className="mb-1.5 block text-sm font-medium">
            {t('admin_blog.form.cover_alt')}
          </label>
          <input
            id={`${id}-alt`}
            value={alt}
            maxLength={200}
            onChange={(event) => onAltChange(event.target.value)}
            className={inputClass}
          />
          <p className="mt-1.5 text-sm text-muted">{t('admin_blog.form.cover_alt_hint')}</p>
        </div>
      )}
    </fieldset>
  );
}
