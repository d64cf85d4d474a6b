import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { DialogProps } from '../lib/dialogs';

export interface GalleryPicture {
  uuid: string;
  thumb: string;
  card: string;
  full: string;
  width: number;
  height: number;
}

interface CarouselProps {
  pictures: GalleryPicture[];
  start: number;
  title: string;
}

/**
 * The carousel, opened through the global dialog manager: arrow keys and swipes move between
 * pictures; Escape or the close button ends it. Also opened by the moderation screen.
 */
export function CarouselDialog({ pictures, start, title, close, isOpen = true }: CarouselProps & DialogProps & { isOpen?: boolean }) {
  const onClose = close;
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const touchX = useRef<number | null>(null);
  const go = useCallback((step: number) => setIndex((i) => (i + step + pictures.length) % pictures.length), [pictures.length]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, isOpen]);

  const picture = pictures[index]!;
  return (
    <ModalOverlay isOpen={isOpen} isDismissable onOpenChange={(open) => !open && onClose()} className="fixed inset-0 z-50 bg-black/90">
      <Modal className="h-full w-full outline-none">
        <Dialog aria-label={t('ad.carousel', { title })} className="flex h-full flex-col outline-none">
          <div className="flex items-center justify-between p-3 text-white">
            <Heading slot="title" className="text-sm font-medium">
              {t('ad.picture_n_of', { n: index + 1, total: pictures.length })}
            </Heading>
            <button type="button" onClick={onClose} aria-label={t('dialog.close')} className="rounded-full p-2 hover:bg-white/10">
              <X aria-hidden size={24} />
            </button>
          </div>
          <div
            className="relative flex flex-1 items-center justify-center overflow-hidden"
            onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
            onTouchEnd={(e) => {
              const startX = touchX.current;
              const endX = e.changedTouches[0]?.clientX;
              if (startX !== null && endX !== undefined && Math.abs(endX - startX) > 40) go(endX < startX ? 1 : -1);
              touchX.current = null;
            }}
          >
            <img src={picture.full} alt={t('ad.picture_alt', { title, n: index + 1 })} className="max-h-full max-w-full object-contain" />
            {pictures.length > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label={t('ad.previous_picture')}
                  className="absolute left-2 rounded-full bg-black/50 p-3 text-white hover:bg-black/70"
                >
                  <ChevronLeft aria-hidden size={28} />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label={t('ad.next_picture')}
                  className="absolute right-2 rounded-full bg-black/50 p-3 text-white hover:bg-black/70"
                >
                  <ChevronRight aria-hidden size={28} />
                </button>
              </>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
