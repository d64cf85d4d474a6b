// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_DETAILS_MAX_LENGTH } from '../../../../common/chat';
import fi from '../../../i18n/fi.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ReportDialog } from './report-dialog';

const i18n = createI18n('fi', { fi });
const texts = fi.chat.report;
const REPORTED = 'Kiitos, moderaattorit katsovat keskustelun.';
const DETAILS = 'Pyytää maksamaan etukäteen ulkomaille.';

/** As the conversation's menu (room-menu.tsx) holds it: mounted while open, by the menu's own state. */
function Menu({ onReported }: { onReported: (message: string) => void }) {
  const [reporting, setReporting] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setReporting(true)}>
        {texts.open}
      </button>
      {reporting && <ReportDialog roomId={5} isOpen onOpenChange={setReporting} onReported={onReported} />}
    </>
  );
}

function open() {
  const onReported = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <Menu onReported={onReported} />
    </I18nProvider>,
  );
  const dialog = () => screen.queryByRole('dialog', { name: texts.title });
  const reason = () => within(dialog()!).getByRole('combobox', { name: texts.reason }) as HTMLSelectElement;
  const details = () => within(dialog()!).getByRole('textbox', { name: new RegExp(texts.details) }) as HTMLTextAreaElement;
  const button = () => within(dialog()!).getByRole('button', { name: texts.submit }) as HTMLButtonElement;
  const submit = () => act(async () => fireEvent.click(button()));
  const reopen = () => fireEvent.click(screen.getByRole('button', { name: texts.open }));
  return { onReported, dialog, reason, details, button, submit, reopen };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReportDialog', () => {
  it('opens with the reasons to choose from, spam first chosen, and the length limit of the details', () => {
    const { reason, details } = open();
    expect(
      within(reason())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([texts.reasons.scam, texts.reasons.spam, texts.reasons.offensive, texts.reasons.prohibited, texts.reasons.other]);
    expect(reason().selectedOptions[0]?.textContent).toBe(texts.reasons.spam);
    expect(details().maxLength).toBe(REPORT_DETAILS_MAX_LENGTH);
    expect(document.getElementById(details().getAttribute('aria-describedby')!)?.textContent).toBe(
      texts.hint.replace('{{max}}', String(REPORT_DETAILS_MAX_LENGTH)),
    );
  });

  it('sends the reason and the trimmed details, closes, reports and opens empty the next time', async () => {
    const report = vi.spyOn(api, 'reportRoom').mockResolvedValue({ message: REPORTED });
    const { onReported, dialog, reason, details, submit, reopen } = open();
    fireEvent.change(reason(), { target: { value: 'scam' } });
    fireEvent.change(details(), { target: { value: `  ${DETAILS}\n` } });
    await submit();
    expect(report).toHaveBeenCalledWith(5, 'scam', DETAILS);
    expect(onReported).toHaveBeenCalledWith(REPORTED);
    expect(dialog()).toBeNull();
    reopen();
    expect(details().value).toBe('');
  });

  it('leaves out details that are only spaces', async () => {
    const report = vi.spyOn(api, 'reportRoom').mockResolvedValue({ message: REPORTED });
    const { details, submit } = open();
    fireEvent.change(details(), { target: { value: '   ' } });
    await submit();
    expect(report).toHaveBeenCalledWith(5, 'spam', undefined);
  });

  it('shows a refusal of the details above the buttons, keeps what was chosen and typed, and stays open', async () => {
    const REFUSED = 'Tarkista korostetut kentät. Lisätiedot ovat liian pitkät.';
    let refuse: (error: unknown) => void = () => undefined;
    vi.spyOn(api, 'reportRoom').mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const { onReported, dialog, reason, details, button } = open();
    fireEvent.change(reason(), { target: { value: 'offensive' } });
    fireEvent.change(details(), { target: { value: DETAILS } });
    const send = button();
    fireEvent.click(send);
    expect(send.disabled).toBe(true);
    expect(send.textContent).toBe(fi.chat.working);
    await act(async () => refuse(new ApiError(REFUSED, 422, { errors: { details: ['Lisätiedot ovat liian pitkät.'] } })));
    expect(within(dialog()!).getByRole('alert').textContent).toBe(REFUSED);
    expect(reason().value).toBe('offensive');
    expect(details().value).toBe(DETAILS);
    expect(send.disabled).toBe(false);
    expect(send.textContent).toBe(texts.submit);
    expect(onReported).not.toHaveBeenCalled();
  });

  it('shows any other failure above the buttons and sends again when asked', async () => {
    const report = vi
      .spyOn(api, 'reportRoom')
      .mockRejectedValueOnce(new ApiError('Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.', 429, undefined))
      .mockResolvedValueOnce({ message: REPORTED });
    const { onReported, dialog, submit } = open();
    await submit();
    expect(within(dialog()!).getByRole('alert').textContent).toBe('Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.');
    expect(dialog()).not.toBeNull();
    await submit();
    expect(report).toHaveBeenCalledTimes(2);
    expect(onReported).toHaveBeenCalledWith(REPORTED);
    expect(dialog()).toBeNull();
  });

  it('opens blank after a refused try was cancelled: no old error, the first reason, no details', async () => {
    vi.spyOn(api, 'reportRoom').mockRejectedValue(new ApiError('Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.', 429, undefined));
    const { dialog, reason, details, submit, reopen } = open();
    fireEvent.change(reason(), { target: { value: 'scam' } });
    fireEvent.change(details(), { target: { value: DETAILS } });
    await submit();
    expect(within(dialog()!).getByRole('alert')).toBeTruthy();
    fireEvent.click(within(dialog()!).getByRole('button', { name: fi.chat.cancel }));
    reopen();
    expect(within(dialog()!).queryByRole('alert')).toBeNull();
    expect(reason().value).toBe('spam');
    expect(details().value).toBe('');
  });

  it('closes on cancel without sending', () => {
    const report = vi.spyOn(api, 'reportRoom');
    const { dialog } = open();
    fireEvent.click(within(dialog()!).getByRole('button', { name: fi.chat.cancel }));
    expect(dialog()).toBeNull();
    expect(report).not.toHaveBeenCalled();
  });
});
