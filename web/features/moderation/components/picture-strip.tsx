import { ImageOff } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { ModerationItem } from '../../../../server/modules/ads/ads.schemas';
import { openDialog } from '../../../lib/dialogs';
import { CarouselDialog } from '../../../components/carousel-dialog';

/**
 * Every picture of an ad under review, the cover larger: each one opens the carousel at itself
 * (the moderator has to see them all, full size, before deciding).
 */
export function PictureStrip({ pictures, title }: { pictures: ModerationItem['images']; title: string }) {
  const { t } = useTranslation();
  if (pictures.length === 0) {
    return (
      <p className="flex aspect-[4/3] items-center justify-center gap-2 rounded-lg bg-sunken text-sm text-muted">
        <ImageOff aria-hidden size={18} />
        {t('moderation.no_pictures')}
      </p>
    );
  }
  const open = (start: number) => openDialog(CarouselDialog, { pictures, start, title });
  return (
    <ul aria-label={t('moderation.pictures', { count: pictures.length })} className="grid grid-cols-4 gap-1.5">
      {pictures.map((picture, index) => (
        <li key={picture.uuid} className={index === 0 ? 'col-span-4' : ''}>
          <button
            aria-haspopup="dialog"
            type="button"
            onClick={() => open(index)}
            aria-label={t('moderation.open_picture', { n: index + 1, total: pictures.length })}
            className="block w-full overflow-hidden rounded-lg bg-sunken"
          >
            <img
              src={index === 0 ? picture.card : picture.thumb}
              alt=""
              loading="lazy"
              width={index === 0 ? 480 : 120}
              height={index === 0 ? 360 : 120}
              className={`w-full object-cover ${index === 0 ? 'aspect-[4/3]' : 'aspect-square'}`}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
