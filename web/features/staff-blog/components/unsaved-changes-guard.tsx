import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { dangerButton, secondaryButton } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { useTranslation } from '../../../lib/use-translation';

/**
 * Warns before unsaved changes are lost: the browser's own question when the tab is closed or
 * reloaded, and a dialog of ours when a link inside the app is followed.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  // Saved in the meantime (autosave): let the waiting navigation go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <FormDialog
      title={t('admin_blog.unsaved.title')}
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      role="alertdialog"
    >
      <p className="text-muted">{t('admin_blog.unsaved.body')}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={() => blocker.reset?.()} autoFocus>
          {t('admin_blog.unsaved.stay')}
        </button>
        <button type="button" className={dangerButton} onClick={() => blocker.proceed?.()}>
          {t('admin_blog.unsaved.leave')}
        </button>
      </div>
    </FormDialog>
  );
}
