import { ArrowLeft, ArrowRight, ImagePlus, Loader2, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PICTURE_ACCEPT } from '../../../lib/picture-check';
import { FieldErrors } from '../../../components/form-controls';

export interface PhotoItem {
  id: string;
  url: string;
  name: string;
}

/**
 * Pictures of an ad in order, the first being the cover: add several at once (the camera on a
 * phone), remove, and move left or right. Presentational: the wizard keeps files in the draft,
 * the edit page sends each change to the server.
 */
export function PhotoPicker({
  items,
  max,
  busy = false,
  errors,
  onAdd,
  onRemove,
  onMove,
}: {
  items: PhotoItem[];
  max: number;
  busy?: boolean;
  errors: string[] | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onMove: (id: string, by: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = items.length >= max;
  const iconButton =
    'inline-flex h-9 w-9 items-center justify-center rounded-full bg-surface/90 text-ink shadow hover:bg-surface disabled:opacity-40';

  return (
    <div aria-describedby={errors?.length ? `${id}-errors` : undefined}>
      <p id={`${id}-hint`} className="mb-3 text-sm text-muted">
        {t('new_ad.photos.hint', { max })}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id} className="relative overflow-hidden rounded-xl border border-line bg-sunken">
            <img src={item.url} alt={t('new_ad.photos.picture', { n: index + 1 })} className="aspect-[4/3] w-full object-cover" />
            {index === 0 && (
              <span className="absolute top-2 left-2 rounded bg-brand px-2 py-0.5 text-xs font-semibold text-brand-ink">
                {t('new_ad.photos.cover')}
              </span>
            )}
            <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-gradient-to-t from-black/50 p-2">
              <div className="flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  disabled={busy || index === 0}
                  aria-label={t('new_ad.photos.move_left', { n: index + 1 })}
                  onClick={() => onMove(item.id, -1)}
                >
                  <ArrowLeft aria-hidden size={16} />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={busy || index === items.length - 1}
                  aria-label={t('new_ad.photos.move_right', { n: index + 1 })}
                  onClick={() => onMove(item.id, 1)}
                >
                  <ArrowRight aria-hidden size={16} />
                </button>
              </div>
              <button
                type="button"
                className={iconButton}
                disabled={busy}
                aria-label={t('new_ad.photos.remove', { n: index + 1 })}
                onClick={() => onRemove(item.id)}
              >
                <X aria-hidden size={16} />
              </button>
            </div>
          </li>
        ))}
        {!full && (
          <li>
            <button
              type="button"
              disabled={busy}
              onClick={() => input.current?.click()}
              aria-describedby={`${id}-hint`}
              className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-line text-sm font-semibold text-brand hover:bg-sunken disabled:opacity-60"
            >
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : <ImagePlus aria-hidden />}
              {t('new_ad.photos.add')}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={PICTURE_ACCEPT}
        multiple
        hidden
        aria-label={t('new_ad.photos.add')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onAdd(files);
        }}
      />
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {t('new_ad.photos.count', { count: items.length, max })}
      </p>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}
