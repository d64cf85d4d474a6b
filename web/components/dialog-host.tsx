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
        <Component key={id} {...props} isOpen={open} close={() => closeDialog(id)} />
      ))}
    </>
  );
}
