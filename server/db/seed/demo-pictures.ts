import { type LucideIcon, Bike, Briefcase, Car, Dog, Factory, House, Shirt, Smartphone, Tent, Wrench } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** One drawing per top-level catalog: demo pictures say at a glance what kind of ad they belong to. */
const ICONS: Record<string, LucideIcon> = {
  transport: Car,
  'real-estate': House,
  jobs: Briefcase,
  'personal-items': Shirt,
  'business-and-equipment': Factory,
  animals: Dog,
  'hobbies-and-recreation': Tent,
  'parts-and-accessories': Wrench,
  electronics: Smartphone,
  services: Wrench,
};

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((n >> shift) & 255) * factor)));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** A deterministic pseudo-random sequence, so the same seed draws the same picture. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

/**
 * An 800×600 SVG "photo" for a demo ad: a gradient in the item's colour, soft circles, and the
 * catalog's icon, tilted a little differently in each picture. Generated at seed time: no download.
 */
export function demoPictureSvg(parentSlug: string, colour: string, seed: number): string {
  const next = random(seed);
  const icon = renderToStaticMarkup(createElement(ICONS[parentSlug] ?? Bike, { size: 300, color: '#ffffff', strokeWidth: 1.4 }));
  const circles = Array.from({ length: 7 }, () => {
    const r = 30 + next() * 120;
    return `<circle cx="${(next() * 800).toFixed(0)}" cy="${(next() * 600).toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" fill-opacity="${(0.05 + next() * 0.12).toFixed(2)}"/>`;
  }).join('');
  const angle = (next() * 24 - 12).toFixed(1);
  const inner = icon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(colour, 1.15)}"/><stop offset="1" stop-color="${shade(colour, 0.55)}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>${circles}
<g transform="translate(400 300) rotate(${angle}) scale(12.5) translate(-12 -12)" fill="none" stroke="#ffffff" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round">${inner}</g>
</svg>`;
}
