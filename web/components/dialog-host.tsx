import { Suspense } from 'react';
import { useStore } from '../lib/store';
import { closeDialog, dialogStore } from '../lib/dialogs';

/**
 * Renders the dialogs opened with `openDialog`. Each is told whether it is open; a closed one
 * stays mounted for a second (its closing animation) before it is removed.
 */
export function DialogHost() {
  const dialogs = useStore(dialogStore);
  return (
    <>
      {dialogs.map(({ id, open, component: Component, props }) => (
        // A dialog may be lazy (lazyDialog): it appears once its code is there.
        <Suspense key={id} fallback={null}>
          <Component {...props} isOpen={open} close={() => closeDialog(id)} />
        </Suspense>
      ))}
    </>
  );
}
