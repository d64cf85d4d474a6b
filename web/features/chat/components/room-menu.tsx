import { Ban, EllipsisVertical, Flag, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { api } from '../../../lib/api-client';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import type { RoomDetail } from '../chat-types';
import { ReportDialog } from './report-dialog';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink outline-none data-[focused]:bg-sunken data-[hovered]:bg-sunken';

/**
 * The conversation's menu (react-aria: arrow keys, Escape, focus back on the button): block or
 * unblock the other person (blocking asks first) and report the conversation.
 */
export function RoomMenu({ room, onChanged }: { room: RoomDetail; onChanged: (patch: Partial<RoomDetail>) => void }) {
  const { t } = useTranslation();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = room.other.label;

  async function setBlocked(blocked: boolean) {
    setBusy(true);
    try {
      const reply = blocked ? await api.blockRoom(room.id) : await api.unblockRoom(room.id);
      onChanged(blocked ? { blocked: true, blocked_by_me: true, can_send: false } : { blocked_by_me: false });
      showToast({ icon: 'success', message: reply.message });
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <MenuTrigger>
        <Button
          aria-label={t('chat.menu')}
          isDisabled={busy}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-sunken focus-ring data-[pressed]:bg-sunken"
        >
          <EllipsisVertical aria-hidden size={22} />
        </Button>
        <Popover
          placement="bottom end"
          offset={6}
          className="min-w-60 rounded-xl border border-line bg-raised p-1 text-ink shadow-lg outline-none"
        >
          <Menu
            aria-label={t('chat.menu')}
            className="outline-none"
            onAction={(key) => {
              if (key === 'block') setConfirmBlock(true);
              else if (key === 'unblock') void setBlocked(false);
              else if (key === 'report') setReporting(true);
            }}
          >
            {room.blocked_by_me ? (
              <MenuItem id="unblock" className={itemClass}>
                <ShieldCheck aria-hidden size={18} />
                {t('chat.unblock', { name })}
              </MenuItem>
            ) : (
              <MenuItem id="block" data-opens-dialog className={itemClass} isDisabled={room.other.deleted}>
                <Ban aria-hidden size={18} />
                {t('chat.block', { name })}
              </MenuItem>
            )}
            <MenuItem id="report" data-opens-dialog className={`${itemClass} text-danger`}>
              <Flag aria-hidden size={18} />
              {t('chat.report.open')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <ConfirmDialog
        title={t('chat.block_confirm.title', { name })}
        body={t('chat.block_confirm.body', { name })}
        confirmLabel={t('chat.block_confirm.confirm')}
        isOpen={confirmBlock}
        onOpenChange={setConfirmBlock}
        onConfirm={() => void setBlocked(true)}
      />
      {/* Mounted while open only: each report starts blank, with no error left from the last try. */}
      {reporting && (
        <ReportDialog
          roomId={room.id}
          isOpen
          onOpenChange={setReporting}
          onReported={(message) => showToast({ icon: 'success', message })}
        />
      )}
    </>
  );
}
