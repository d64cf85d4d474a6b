import type { Map as LeafletMap } from 'leaflet';
import { Loader2, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../../../lib/use-translation';
import { CloseButton } from '../../../components/close-button';
import type { DialogProps } from '../../../lib/dialogs';

export interface MapPlace {
  lat: number;
  lon: number;
  /** "Mannerheimintie 1, Helsinki": what the marker stands for. */
  label: string;
  cityName: string;
}

export interface MapTiles {
  /** `https://…/{z}/{x}/{y}.png`, or empty for no tiles. */
  tileUrl: string;
  attribution: string;
}

/**
 * Where the ad is, on a map (spec: map dialog). Leaflet and its styles load only when the dialog
 * opens; the marker is the municipality's centre (there is no geocoder for street addresses, so
 * the address is written beside it). With tiles turned off, the marker stands on a plain ground.
 */
export function MapDialog({
  place,
  tiles,
  close,
  isOpen = true,
}: { place: MapPlace; tiles: MapTiles } & DialogProps & { isOpen?: boolean }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let map: LeafletMap | undefined;
    let cancelled = false;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([{ default: L }]) => {
      if (cancelled || !container.current) return;
      map = L.map(container.current, {
        center: [place.lat, place.lon],
        zoom: 11,
        scrollWheelZoom: true,
        attributionControl: !!tiles.tileUrl,
      });
      if (tiles.tileUrl) L.tileLayer(tiles.tileUrl, { maxZoom: 18, attribution: tiles.attribution }).addTo(map);
      // A vector marker: no marker images to fetch, and it keeps its colour in the dark theme.
      L.circleMarker([place.lat, place.lon], { radius: 10, color: '#ffffff', weight: 3, fillColor: '#0f4c81', fillOpacity: 1 })
        .addTo(map)
        .bindTooltip(place.label, { permanent: true, direction: 'top', offset: [0, -10] });
      setReady(true);
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [place, tiles]);

  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => !open && close()}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 sm:items-center sm:p-4"
    >
      <Modal className="flex h-[85dvh] w-full flex-col overflow-hidden rounded-t-2xl border border-line bg-raised text-ink shadow-xl outline-none sm:h-[75dvh] sm:max-w-3xl sm:rounded-2xl">
        <Dialog aria-label={t('map.title', { city: place.cityName })} className="flex h-full flex-col outline-none">
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <div className="min-w-0">
              <Heading slot="title" className="truncate text-lg font-semibold">
                {t('map.title', { city: place.cityName })}
              </Heading>
              <p className="flex items-center gap-1 truncate text-sm text-muted">
                <MapPin aria-hidden size={14} />
                {place.label}
              </p>
            </div>
            <CloseButton onClose={close} label={t('dialog.close')} />
          </div>
          <div className="relative flex-1 bg-sunken">
            <div
              ref={container}
              className="absolute inset-0"
              role="application"
              aria-label={t('map.label', { place: place.label })}
              tabIndex={0}
            />
            {!ready && (
              <p className="absolute inset-0 flex items-center justify-center gap-2 text-muted">
                <Loader2 aria-hidden className="animate-spin" />
                {t('map.loading')}
              </p>
            )}
          </div>
          <p className="border-t border-line px-4 py-2 text-xs text-muted">
            {tiles.tileUrl ? t('map.centre_note') : `${t('map.no_tiles')} ${t('map.centre_note')}`}
          </p>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
