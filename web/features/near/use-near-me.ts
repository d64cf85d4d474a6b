import { useRef, useState } from 'react';
import { type Point, inFinland, nearestTo } from '../../../common/place';
import { api } from '../../lib/api-client';

export interface NearbyCity {
  id: number;
  name: string;
}

export type NearMeState =
  { status: 'idle' } | { status: 'busy' } | { status: 'found'; city: NearbyCity } | { status: 'denied' | 'unavailable' | 'outside' };

/** The municipalities' centres, asked once a page (the first time "near me" is pressed). */
let centres: Promise<(Point & NearbyCity)[]> | undefined;
function municipalityCentres(): Promise<(Point & NearbyCity)[]> {
  centres ??= api.cities().then(
    (reply) => reply.data.map(({ id, name, lat, lon }) => ({ id, name, lat, lon })),
    (error: unknown) => {
      centres = undefined;
      throw error;
    },
  );
  return centres;
}

/** The browser's position, or why there is none. */
function currentPosition(): Promise<Point | 'denied' | 'unavailable'> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve('unavailable');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lon: coords.longitude }),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      // A town is all we need: a coarse, recent position is enough and comes quickest.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}

/**
 * "Near me": asks the browser for its position only when called, and turns it into the nearest
 * municipality here in the browser. The position lives in this function's variables only: it is
 * never sent, stored or kept in state.
 */
export function useNearMe(onFound: (city: NearbyCity) => void) {
  const [state, setState] = useState<NearMeState>({ status: 'idle' });
  const asking = useRef(false);

  async function locate() {
    if (asking.current) return;
    asking.current = true;
    setState({ status: 'busy' });
    try {
      const position = await currentPosition();
      if (typeof position === 'string') return setState({ status: position });
      if (!inFinland(position)) return setState({ status: 'outside' });
      const city = nearestTo(position, await municipalityCentres());
      if (!city) return setState({ status: 'unavailable' });
      setState({ status: 'found', city: { id: city.id, name: city.name } });
      onFound({ id: city.id, name: city.name });
    } catch {
      setState({ status: 'unavailable' });
    } finally {
      asking.current = false;
    }
  }

  return { state, locate };
}
