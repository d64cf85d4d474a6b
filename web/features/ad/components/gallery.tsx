import { useState } from 'react';
import { Expand, ImageOff } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { openDialog } from '../../../lib/dialogs';
import type { GalleryPicture } from '../../../components/carousel-dialog';
import { lazyDialog } from '../../../components/lazy-dialogs';

const CarouselDialog = lazyDialog(() => import('../../../components/carousel-dialog').then((m) => m.CarouselDialog));

/** The ad's pictures: the cover large, the others as thumbnails; any of them opens the carousel. */
export function Gallery({ pictures, title }: { pictures: GalleryPicture[]; title: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  if (pictures.length === 0) {
    return (
      <div
        className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-sunken text-muted"
        role="img"
        aria-label={t('search.no_image')}
      >
        <ImageOff aria-hidden size={40} />
      </div>
    );
  }
  const main = pictures[current]!;
  return (
    <div>
      <button
        aria-haspopup="dialog"
        type="button"
        onClick={() => openDialog(CarouselDialog, { pictures, start: current, title })}
        className="group relative block w-full overflow-hidden rounded-2xl bg-sunken"
        // The name begins with the visible "1/5", so speech and voice control find it by what they see.
        aria-label={t('ad.open_carousel_n', { n: current + 1, total: pictures.length })}
      >
        <img
          src={main.full}
          srcSet={`${main.card} 480w, ${main.full} ${main.width}w`}
          sizes="(min-width: 1024px) 60vw, 100vw"
          width={main.width}
          height={main.height}
          alt={t('ad.picture_alt', { title, n: current + 1 })}
          className="aspect-[4/3] w-full object-contain"
          fetchPriority="high"
        />
        <span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-black/60 px-3 py-1 text-xs text-white">
          <Expand aria-hidden size={14} />
          {current + 1}/{pictures.length}
        </span>
      </button>
      {pictures.length > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {pictures.map((picture, i) => (
            <li key={picture.uuid} className="shrink-0">
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={t('ad.show_picture', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                className={`block overflow-hidden rounded-lg border-2 ${i === current ? 'border-brand' : 'border-transparent'}`}
              >
                <img src={picture.thumb} alt="" width={80} height={80} loading="lazy" className="h-16 w-16 object-cover sm:h-20 sm:w-20" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
