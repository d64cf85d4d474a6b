import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ListingNames, describeQuery, namesFromListing } from '../describe-query';
import { DialogActions, FormAlert } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { PushToggle } from '../../../components/push-toggle';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { type SavedSearchQuery, api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { SavedSearchFields, readSavedSearchForm, savedSearchRefusal } from './saved-search-fields';

/** "Save search": opened by SaveSearchButton (lazily, through the dialog host) with the listing's filters. */
export function SaveSearchDialog({
  query,
  listing,
  catalog,
  close,
  isOpen = true,
}: DialogProps & { query: SavedSearchQuery; listing: ListingNames; catalog?: { id: number; name: string } | undefined; isOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  // The name the server would make, suggested in the empty field (the filters as the page names them).
  const [suggestedName] = useState(() => {
    const names = namesFromListing(listing);
    if (catalog) names.catalogs[catalog.id] = catalog.name;
    return describeQuery(query, names, t, i18n.language).join(', ');
  });
  const navigate = useNavigate();
  const [pushChosen, setPushChosen] = useState(false);
  const { busy, errors, formMessage, submit } = useApiSubmit({ refusal: savedSearchRefusal });

  return (
    <FormDialog
      title={t('saved_searches.dialog_title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {(closeDialog) => (
        <form
          noValidate
          className="space-y-4"
          // Ticking the push channel offers to turn push on for this device right here.
          onChange={(event) => setPushChosen(readSavedSearchForm(event.currentTarget).channels.includes('push'))}
          onSubmit={(event) => {
            event.preventDefault();
            const { name, alerts, channels } = readSavedSearchForm(event.currentTarget);
            void submit(
              () => api.createSavedSearch({ ...(name ? { name } : {}), query, alerts, channels }),
              (reply) => {
                closeDialog();
                showToast({
                  icon: 'success',
                  // "Search saved.", or that this very search was saved already.
                  message: reply.message,
                  timer: 6000,
                  button: { label: t('saved_searches.view_all'), onPress: () => void navigate('/saved-searches') },
                });
              },
            );
          }}
        >
          <SavedSearchFields namePlaceholder={suggestedName} errors={errors} />
          {pushChosen && <PushToggle />}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={closeDialog} busy={busy} label={t('saved_searches.submit')} />
        </form>
      )}
    </FormDialog>
  );
}
