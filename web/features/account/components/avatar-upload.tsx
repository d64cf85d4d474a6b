import { Camera, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useRevalidator } from 'react-router';
import type { SessionUser } from '../../../../server/load-context';
import { Avatar } from '../../../components/avatar';
import { ApiError, api } from '../../../lib/api-client';
import { showToast } from '../../../lib/toasts';
import { MAX_PICTURE_BYTES } from '../../../../common/pictures';
import { PICTURE_ACCEPT, pictureProblem } from '../../../lib/picture-check';
import { FieldErrors, secondaryButton } from '../../../components/form-controls';

/**
 * The profile picture: pick one (the camera on a phone), see it at once, and the top bar follows
 * (the root data is reloaded). The server checks the type by its bytes, the size and the pixels,
 * crops it square and strips every piece of metadata.
 */
export function AvatarUpload({ user }: { user: Pick<SessionUser, 'name' | 'avatar'> }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>();

  const run = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true);
    setErrors(undefined);
    try {
      await call();
      await revalidator.revalidate();
      showToast({ icon: 'success', message: success });
    } catch (error) {
      const fields = error instanceof ApiError ? error.data?.errors : undefined;
      setErrors(fields?.avatar ?? [error instanceof Error ? error.message : t('errors.unknown')]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar user={user} size={88} />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => input.current?.click()}
            aria-describedby={`${id}-hint`}
          >
            {busy ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <Camera aria-hidden size={18} />}
            {user.avatar ? t('account.avatar.change') : t('account.avatar.add')}
          </button>
          {user.avatar && (
            <button
              type="button"
              className={`${secondaryButton} text-danger`}
              disabled={busy}
              onClick={() => void run(() => api.removeAvatar(), t('account.avatar.removed'))}
            >
              <Trash2 aria-hidden size={18} />
              {t('account.avatar.remove')}
            </button>
          )}
        </div>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t('account.avatar.hint', { megabytes: MAX_PICTURE_BYTES / 1024 / 1024 })}
        </p>
        <FieldErrors id={`${id}-errors`} errors={errors} />
      </div>
      <input
        ref={input}
        type="file"
        hidden
        accept={PICTURE_ACCEPT}
        aria-label={t('account.avatar.add')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const problem = pictureProblem(file, t);
          if (problem) return setErrors([problem]);
          const form = new FormData();
          form.append('avatar', file, file.name);
          void run(() => api.uploadAvatar(form), t('account.avatar.saved'));
        }}
      />
    </div>
  );
}
