import * as icons from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Demo "photos" drawn at seed time, one subject per leaf category (a bicycle for bikes, a sofa
 * for sofas, a phone for phones), no downloads: SVG that sharp turns into the usual WebP
 * variants. Each picture puts the subject in a scene that fits it (a road for cars, a park for
 * bikes, water for boats, a room for furniture, a table top for small things, a studio backdrop
 * for clothes, a notice board for jobs and services) in the ad's own colour, and the pictures of
 * one ad differ: the whole thing, a view from another side, a close-up, a detail.
 */

type Scene = 'road' | 'park' | 'water' | 'snow' | 'sky' | 'room' | 'table' | 'studio' | 'yard' | 'board';

interface Subject {
  icon: keyof typeof icons;
  scene: Scene;
}

const s = (icon: keyof typeof icons, scene: Scene): Subject => ({ icon, scene });

/** The subject of each category, by slug; a category not listed takes its parent's, then its top category's. */
const SUBJECTS: Record<string, Subject> = {
  // Vehicles
  transport: s('Car', 'road'),
  cars: s('Car', 'road'),
  'classic-cars': s('CarFront', 'road'),
  vans: s('Truck', 'road'),
  'trucks-and-buses': s('Bus', 'road'),
  motorcycles: s('Motorbike', 'road'),
  mopeds: s('Motorbike', 'road'),
  microcars: s('Car', 'road'),
  snowmobiles: s('Motorbike', 'snow'),
  boats: s('Ship', 'water'),
  sailboats: s('Sailboat', 'water'),
  'outboard-motors': s('Cog', 'table'),
  'caravans-and-motorhomes': s('Caravan', 'road'),
  trailers: s('Container', 'road'),
  bicycles: s('Bike', 'park'),
  // Real estate
  'real-estate': s('House', 'sky'),
  'flats-for-sale': s('Building2', 'sky'),
  'flats-for-rent': s('Building2', 'sky'),
  'terraced-houses-for-sale': s('Building', 'sky'),
  'terraced-houses-for-rent': s('Building', 'sky'),
  'new-developments': s('Construction', 'sky'),
  'rooms-for-rent': s('BedDouble', 'room'),
  'residential-plots': s('Trees', 'sky'),
  'holiday-home-plots': s('Trees', 'sky'),
  'farms-and-forest': s('Tractor', 'park'),
  'garages-and-parking': s('Warehouse', 'sky'),
  offices: s('Building2', 'sky'),
  'retail-premises': s('Store', 'sky'),
  'warehouses-and-industrial-premises': s('Warehouse', 'sky'),
  // Jobs
  jobs: s('Briefcase', 'board'),
  'summer-jobs': s('Sun', 'board'),
  'seasonal-jobs': s('Sprout', 'board'),
  gigs: s('Wrench', 'board'),
  internships: s('GraduationCap', 'board'),
  freelance: s('Laptop', 'board'),
  'job-seekers': s('Users', 'board'),
  // Personal items
  'personal-items': s('Shirt', 'studio'),
  'baby-clothing': s('Baby', 'studio'),
  'womens-shoes': s('Footprints', 'studio'),
  'mens-shoes': s('Footprints', 'studio'),
  'childrens-shoes': s('Footprints', 'studio'),
  handbags: s('Handbag', 'studio'),
  backpacks: s('Backpack', 'studio'),
  suitcases: s('Luggage', 'studio'),
  rings: s('Gem', 'table'),
  necklaces: s('Gem', 'table'),
  earrings: s('Gem', 'table'),
  wristwatches: s('Watch', 'table'),
  accessories: s('Glasses', 'table'),
  'prams-and-pushchairs': s('Baby', 'room'),
  'car-seats': s('Baby', 'room'),
  toys: s('ToyBrick', 'table'),
  'childrens-furniture': s('BedSingle', 'room'),
  'sofas-and-armchairs': s('Sofa', 'room'),
  'beds-and-mattresses': s('BedDouble', 'room'),
  'tables-and-chairs': s('Armchair', 'room'),
  'cabinets-and-shelves': s('Archive', 'room'),
  lighting: s('LampFloor', 'room'),
  'decor-and-textiles': s('Flower2', 'room'),
  'garden-and-yard': s('Shovel', 'park'),
  'chainsaws-and-garden-machines': s('Axe', 'park'),
  'lawn-care': s('Sprout', 'park'),
  cosmetics: s('Sparkles', 'table'),
  fragrances: s('SprayCan', 'table'),
  'mobility-aids': s('Accessibility', 'room'),
  'washing-machines-and-dryers': s('WashingMachine', 'room'),
  dishwashers: s('WashingMachine', 'room'),
  'fridges-and-freezers': s('Refrigerator', 'room'),
  'cookers-and-ovens': s('CookingPot', 'room'),
  'vacuum-cleaners': s('Fan', 'room'),
  'tableware-and-kitchenware': s('Utensils', 'table'),
  'air-heat-pumps': s('AirVent', 'room'),
  // Business and equipment
  'business-and-equipment': s('Factory', 'yard'),
  excavators: s('Construction', 'yard'),
  loaders: s('Forklift', 'yard'),
  tractors: s('Tractor', 'yard'),
  'forestry-machinery': s('TreePine', 'yard'),
  'tillage-equipment': s('Tractor', 'yard'),
  'harvesting-machinery': s('Tractor', 'yard'),
  forklifts: s('Forklift', 'yard'),
  'woodworking-machines': s('Cog', 'yard'),
  'metalworking-machines': s('Cog', 'yard'),
  'power-tools': s('Drill', 'table'),
  'hand-tools': s('Hammer', 'table'),
  'workshop-equipment': s('Wrench', 'table'),
  timber: s('TreePine', 'yard'),
  'windows-and-doors': s('DoorOpen', 'yard'),
  'electrical-supplies': s('Plug', 'table'),
  'plumbing-and-heating-supplies': s('ShowerHead', 'table'),
  'firewood-and-pellets': s('Flame', 'yard'),
  'office-furniture': s('Armchair', 'room'),
  'shop-fittings': s('Store', 'room'),
  'restaurant-equipment': s('ChefHat', 'room'),
  'businesses-for-sale': s('Store', 'sky'),
  // Animals
  animals: s('PawPrint', 'park'),
  dogs: s('Dog', 'park'),
  cats: s('Cat', 'room'),
  birds: s('Bird', 'park'),
  'small-animals': s('Rabbit', 'room'),
  'small-animal-supplies': s('Rabbit', 'room'),
  aquarium: s('Fish', 'water'),
  reptiles: s('Turtle', 'room'),
  'farm-animals': s('Egg', 'park'),
  'dog-supplies': s('Bone', 'room'),
  'cat-supplies': s('Cat', 'room'),
  // Hobbies and recreation
  'hobbies-and-recreation': s('Tent', 'park'),
  skiing: s('MountainSnow', 'snow'),
  'cycling-gear': s('Bike', 'studio'),
  'gym-and-fitness': s('Dumbbell', 'room'),
  'ice-hockey': s('Trophy', 'snow'),
  'ball-games': s('Volleyball', 'park'),
  'water-sports': s('Waves', 'water'),
  'guitars-and-basses': s('Guitar', 'room'),
  'pianos-and-keyboards': s('Piano', 'room'),
  'drums-and-percussion': s('Drum', 'room'),
  'wind-instruments': s('Music', 'room'),
  'string-instruments': s('Music', 'room'),
  fiction: s('BookOpen', 'table'),
  'non-fiction': s('BookOpen', 'table'),
  textbooks: s('BookOpen', 'table'),
  'childrens-books': s('BookOpen', 'table'),
  'vinyl-records': s('Disc3', 'table'),
  cds: s('Disc', 'table'),
  'dvds-and-blu-rays': s('Film', 'table'),
  'coins-and-banknotes': s('Coins', 'table'),
  stamps: s('Stamp', 'table'),
  antiques: s('Crown', 'table'),
  art: s('Palette', 'room'),
  'hunting-gear': s('Crosshair', 'park'),
  'fishing-gear': s('Fish', 'water'),
  'ice-fishing-gear': s('Fish', 'snow'),
  tents: s('Tent', 'park'),
  'sleeping-bags-and-mats': s('TentTree', 'park'),
  crafts: s('Scissors', 'table'),
  'tickets-and-events': s('Ticket', 'table'),
  'board-games-and-puzzles': s('Dice5', 'table'),
  'models-and-rc': s('Rocket', 'table'),
  // Parts and accessories
  'parts-and-accessories': s('Cog', 'table'),
  'car-body-parts': s('CarFront', 'yard'),
  'brakes-and-suspension': s('Disc2', 'table'),
  'car-electrics-and-lights': s('Lightbulb', 'table'),
  'summer-tyres': s('CircleDot', 'yard'),
  'studded-tyres': s('CircleDot', 'snow'),
  'friction-tyres': s('CircleDot', 'snow'),
  'car-rims': s('Disc2', 'yard'),
  'car-audio': s('Speaker', 'table'),
  'roof-boxes-and-racks': s('Package', 'yard'),
  'motorcycle-tyres': s('CircleDot', 'yard'),
  'motorcycle-helmets': s('HardHat', 'studio'),
  'motorcycle-riding-gear': s('Shirt', 'studio'),
  'marine-electronics': s('Radio', 'table'),
  'sails-and-rigging': s('Sailboat', 'water'),
  'bicycle-tyres': s('CircleDot', 'park'),
  'bicycle-child-seats': s('Baby', 'park'),
  'truck-and-van-parts': s('Truck', 'yard'),
  // Electronics
  electronics: s('Smartphone', 'table'),
  smartphones: s('Smartphone', 'table'),
  smartwatches: s('Watch', 'table'),
  'phone-accessories': s('Headphones', 'table'),
  laptops: s('Laptop', 'table'),
  'desktop-computers': s('Monitor', 'table'),
  monitors: s('Monitor', 'table'),
  'computer-components': s('Cpu', 'table'),
  tablets: s('Tablet', 'table'),
  televisions: s('Tv', 'room'),
  speakers: s('Speaker', 'room'),
  headphones: s('Headphones', 'table'),
  'amplifiers-and-receivers': s('Radio', 'room'),
  'digital-cameras': s('Camera', 'table'),
  'camera-lenses': s('Aperture', 'table'),
  drones: s('Drone', 'park'),
  playstation: s('Gamepad2', 'table'),
  xbox: s('Gamepad2', 'table'),
  nintendo: s('Gamepad2', 'table'),
  // Services
  services: s('HandHelping', 'board'),
  'moving-and-transport': s('Truck', 'board'),
  'tree-felling': s('Axe', 'board'),
  'snow-clearing': s('Snowflake', 'board'),
  'plumbing-work': s('Wrench', 'board'),
  'painting-work': s('Paintbrush', 'board'),
  'home-cleaning': s('Sparkles', 'board'),
  'move-out-cleaning': s('Sparkles', 'board'),
  'electrical-work': s('Zap', 'board'),
  carpentry: s('Hammer', 'board'),
  'car-repair': s('Wrench', 'board'),
  'electronics-repair': s('Cpu', 'board'),
  'private-tutoring': s('GraduationCap', 'board'),
  'language-courses': s('GraduationCap', 'board'),
  'photography-services': s('Camera', 'board'),
  massage: s('Hand', 'board'),
  hairdressers: s('Scissors', 'board'),
  'childcare-and-elderly-care': s('Baby', 'board'),
  'pet-services': s('PawPrint', 'board'),
  catering: s('ChefHat', 'board'),
};

/** The subject for a category, given its slug and its ancestors' (nearest first). */
export function subjectFor(slugs: readonly string[]): Subject {
  for (const slug of slugs) {
    const found = SUBJECTS[slug];
    if (found) return found;
  }
  return s('Tag', 'table');
}

/** The categories with a drawing of their own (tests check each names a real icon). */
export const DRAWN_CATEGORIES = Object.keys(SUBJECTS);

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((n >> shift) & 255) * factor)));
  return `#${[16, 8, 0].map((x) => channel(x).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes a colour towards white (amount 0–1). */
function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) + (255 - ((n >> shift) & 255)) * amount);
  return `#${[16, 8, 0].map((x) => channel(x).toString(16).padStart(2, '0')).join('')}`;
}

/** Perceived lightness 0–1, to keep a pale subject visible on a pale scene. */
function lightness(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
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

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

const iconMarkup = new Map<string, string>();
/** The icon's shapes (24×24 units, strokes only), rendered once per icon. */
function iconShapes(name: keyof typeof icons): string {
  let markup = iconMarkup.get(name);
  if (markup === undefined) {
    const Icon = (icons[name] ?? icons.Tag) as LucideIcon;
    markup = renderToStaticMarkup(createElement(Icon, {}))
      .replace(/^<svg[^>]*>/, '')
      .replace(/<\/svg>$/, '');
    iconMarkup.set(name, markup);
  }
  return markup;
}

const W = 800;
const H = 600;

/** The background of each scene; `horizon` is where the subject stands (its shadow falls there). */
function sceneBackground(scene: Scene, next: () => number): { svg: string; horizon: number } {
  const horizon = Math.round(H * (0.62 + next() * 0.12));
  const band = (top: string, bottom: string, ground: string, groundDark: string) =>
    `<rect width="${W}" height="${horizon}" fill="url(#sky)"/><rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#ground)"/>` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground}"/><stop offset="1" stop-color="${groundDark}"/></linearGradient></defs>`;
  switch (scene) {
    case 'road': {
      const [top, bottom] = pick(next, [
        ['#8ec5ee', '#dcefff'],
        ['#b9c6d2', '#e8edf1'],
        ['#f3c69b', '#fde9d3'],
      ] as const);
      const lane = Array.from(
        { length: 6 },
        (_, i) => `<rect x="${i * 150 + 20}" y="${horizon + (H - horizon) * 0.55}" width="80" height="8" fill="#f5f5f0" opacity="0.8"/>`,
      ).join('');
      const trees = Array.from({ length: 5 }, () => {
        const x = Math.round(next() * W);
        const h = 40 + next() * 60;
        return `<ellipse cx="${x}" cy="${horizon - h / 2}" rx="${h / 2.4}" ry="${h / 2}" fill="#5d8a5a" opacity="0.75"/>`;
      }).join('');
      return { svg: band(top, bottom, '#6b6e72', '#4a4c50') + trees + lane, horizon };
    }
    case 'park': {
      const trees = Array.from({ length: 7 }, () => {
        const x = Math.round(next() * W);
        const h = 50 + next() * 90;
        return `<rect x="${x - 4}" y="${horizon - h * 0.4}" width="8" height="${h * 0.4}" fill="#6d4c33"/><ellipse cx="${x}" cy="${horizon - h * 0.6}" rx="${h / 2.6}" ry="${h / 2.2}" fill="${pick(next, ['#4f8a4b', '#6aa35a', '#3f7a48'])}"/>`;
      }).join('');
      return { svg: band('#9fd0f2', '#e4f3fc', '#7fb25b', '#5b8f3e') + trees, horizon };
    }
    case 'water': {
      const waves = Array.from({ length: 9 }, () => {
        const x = Math.round(next() * W);
        const y = Math.round(horizon + 20 + next() * (H - horizon - 30));
        return `<path d="M${x} ${y} q 20 -8 40 0 t 40 0" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="3"/>`;
      }).join('');
      const shore = `<path d="M0 ${horizon} Q ${W * 0.3} ${horizon - 30} ${W * 0.55} ${horizon} Z" fill="#55804f"/>`;
      return { svg: band('#a7d3f5', '#eef7fd', '#3f86b8', '#245f8a') + shore + waves, horizon };
    }
    case 'snow': {
      const flakes = Array.from(
        { length: 40 },
        () =>
          `<circle cx="${(next() * W).toFixed(0)}" cy="${(next() * horizon).toFixed(0)}" r="${(1.5 + next() * 2.5).toFixed(1)}" fill="#ffffff" opacity="0.8"/>`,
      ).join('');
      const hills = `<path d="M0 ${horizon} Q ${W * 0.25} ${horizon - 70} ${W * 0.5} ${horizon} T ${W} ${horizon} Z" fill="#e9f0f6"/>`;
      return { svg: band('#a9bccd', '#dde6ee', '#f4f7fa', '#d9e3ec') + hills + flakes, horizon };
    }
    case 'sky': {
      const clouds = Array.from({ length: 4 }, () => {
        const x = next() * W;
        const y = 40 + next() * (horizon * 0.4);
        return `<g fill="#ffffff" opacity="0.85"><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="70" ry="24"/><ellipse cx="${(x + 45).toFixed(0)}" cy="${(y - 14).toFixed(0)}" rx="45" ry="24"/></g>`;
      }).join('');
      const [ground, groundDark] = pick(next, [
        ['#86b865', '#5f9243'],
        ['#b9a98b', '#8f7f62'],
      ] as const);
      return { svg: band('#6fb2e8', '#d8ecfb', ground, groundDark) + clouds, horizon };
    }
    case 'room': {
      const wall = pick(next, ['#efe7dc', '#e3e9ee', '#f3efe6', '#dfe6df', '#ece4ec']);
      const floor = pick(next, ['#b98c5f', '#a3764d', '#c9a77e', '#8c8f94']);
      const boards = Array.from(
        { length: 8 },
        (_, i) =>
          `<line x1="0" y1="${horizon + i * 22}" x2="${W}" y2="${horizon + i * 22}" stroke="#000" stroke-opacity="0.06" stroke-width="2"/>`,
      ).join('');
      const windowX = Math.round(40 + next() * 560);
      const window = `<rect x="${windowX}" y="60" width="150" height="170" rx="6" fill="#cfe6f7" stroke="#ffffff" stroke-width="10"/><line x1="${windowX + 75}" y1="60" x2="${windowX + 75}" y2="230" stroke="#ffffff" stroke-width="8"/>`;
      return {
        svg:
          band(wall, shade(wall, 0.93), floor, shade(floor, 0.8)) +
          window +
          boards +
          `<rect y="${horizon - 6}" width="${W}" height="10" fill="#ffffff" opacity="0.7"/>`,
        horizon,
      };
    }
    case 'table': {
      const wall = pick(next, ['#e8e4de', '#dde3e8', '#f0ebe3', '#2f3438']);
      const top = pick(next, ['#c79a6b', '#b28359', '#e6e1da', '#8d6e55', '#d6d0c6']);
      const grain = Array.from({ length: 10 }, () => {
        const y = horizon + 10 + next() * (H - horizon - 20);
        return `<path d="M0 ${y.toFixed(0)} Q ${W / 2} ${(y + (next() - 0.5) * 16).toFixed(0)} ${W} ${y.toFixed(0)}" stroke="#000" stroke-opacity="0.05" stroke-width="2" fill="none"/>`;
      }).join('');
      return { svg: band(wall, shade(wall, 0.9), top, shade(top, 0.82)) + grain, horizon: Math.min(horizon, 430) };
    }
    case 'studio': {
      const backdrop = pick(next, ['#f1f1f1', '#e9edf1', '#f4efe9', '#e6e6ea']);
      return {
        svg: `<defs><radialGradient id="studio" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${shade(backdrop, 0.86)}"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#studio)"/>`,
        horizon: Math.round(H * 0.84),
      };
    }
    case 'yard': {
      const gravel = Array.from(
        { length: 60 },
        () =>
          `<circle cx="${(next() * W).toFixed(0)}" cy="${(horizon + next() * (H - horizon)).toFixed(0)}" r="${(1 + next() * 2).toFixed(1)}" fill="#000" opacity="0.12"/>`,
      ).join('');
      const barnX = Math.round(next() * 520);
      const shed = `<path d="M${barnX} ${horizon} v-120 l130 -60 l130 60 v120 z" fill="#a5463a"/><rect x="${barnX + 95}" y="${horizon - 80}" width="70" height="80" fill="#6e2c24"/><path d="M${barnX} ${horizon - 120} l130 -60 l130 60" fill="none" stroke="#f2ede4" stroke-width="6"/>`;
      return { svg: band('#b7d3ea', '#e9f2f9', '#a59d8f', '#7f786c') + shed + gravel, horizon };
    }
    case 'board':
      return { svg: '', horizon: H };
  }
}

/** A notice pinned on a cork board: how a job or a service is shown. */
function notice(shapes: string, colour: string, next: () => number, position: number): string {
  const cork = `<rect width="${W}" height="${H}" fill="#c39a6b"/>${Array.from({ length: 90 }, () => `<circle cx="${(next() * W).toFixed(0)}" cy="${(next() * H).toFixed(0)}" r="${(1 + next() * 2.5).toFixed(1)}" fill="#8a6238" opacity="0.35"/>`).join('')}`;
  const paper = pick(next, ['#ffffff', '#fdf8e4', '#eef6ff']);
  const angle = ((next() - 0.5) * (position === 0 ? 6 : 14)).toFixed(1);
  const lines = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="60" y="${250 + i * 34}" width="${Math.round(260 + next() * 150)}" height="14" rx="7" fill="#9aa3ad" opacity="${i === 0 ? 0.9 : 0.55}"/>`,
  ).join('');
  const scrap =
    position > 0
      ? `<rect x="${next() > 0.5 ? 40 : 600}" y="${Math.round(60 + next() * 300)}" width="150" height="190" fill="#ffffff" opacity="0.85" transform="rotate(${((next() - 0.5) * 20).toFixed(0)} 400 300)"/>`
      : '';
  return `${cork}${scrap}<g transform="translate(400 300) rotate(${angle}) translate(-260 -230)">
<rect x="8" y="10" width="520" height="460" fill="#000" opacity="0.18"/><rect width="520" height="460" fill="${paper}"/>
<rect width="520" height="26" fill="${colour}"/>
<g transform="translate(60 70) scale(6.5)" fill="none" stroke="${shade(colour, 0.8)}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${shapes}</g>
<rect x="240" y="90" width="220" height="22" rx="11" fill="${colour}" opacity="0.85"/><rect x="240" y="130" width="160" height="16" rx="8" fill="#9aa3ad" opacity="0.7"/>
${lines}<rect x="60" y="420" width="160" height="18" rx="9" fill="${colour}"/>
<circle cx="260" cy="16" r="12" fill="#d9342b"/><circle cx="256" cy="12" r="4" fill="#ffffff" opacity="0.6"/></g>`;
}

/**
 * An 800×600 SVG picture of an ad in the category `slugs` names (its own slug first, then its
 * ancestors'), in its colour; `position` is the picture's place in the ad (0 shows the whole
 * subject, later ones other views), `seed` varies everything else.
 */
export function demoPictureSvg(slugs: readonly string[], colour: string, seed: number, position = 0): string {
  const next = random(seed);
  const subject = subjectFor(slugs);
  const shapes = iconShapes(subject.icon);
  let body: string;
  if (subject.scene === 'board') {
    body = notice(shapes, colour, next, position);
  } else {
    const { svg: background, horizon } = sceneBackground(subject.scene, next);
    // The subject's size (in 24-unit icon space), where it stands and how it is turned, by the view.
    const view = position === 0 ? 'whole' : pick(next, ['side', 'close', 'detail'] as const);
    const scale =
      view === 'whole' ? 16 + next() * 3 : view === 'side' ? 13 + next() * 3 : view === 'close' ? 26 + next() * 6 : 36 + next() * 8;
    const size = 24 * scale;
    const standing = view === 'whole' || view === 'side';
    const x =
      view === 'whole' ? W / 2 + (next() - 0.5) * 80 : view === 'side' ? pick(next, [W * 0.32, W * 0.68]) : W / 2 + (next() - 0.5) * 240;
    // Standing on the ground, or (close-ups) filling the frame around its middle.
    const y = standing ? Math.max(size / 2 - 20, horizon - size * 0.4) : H / 2 + (next() - 0.5) * 120;
    const angle = view === 'side' ? (next() - 0.5) * 24 : (next() - 0.5) * 8;
    const flip = next() > 0.5 ? -1 : 1;
    // A pale subject gets a darker outline so it never melts into a pale scene.
    const outline = lightness(colour) > 0.75 ? shade(colour, 0.45) : shade(colour, 0.7);
    const shadow = !standing
      ? ''
      : `<ellipse cx="${x.toFixed(0)}" cy="${(horizon + 6).toFixed(0)}" rx="${(size * 0.42).toFixed(0)}" ry="${(size * 0.05 + 6).toFixed(0)}" fill="url(#shadow)"/>`;
    body = `${background}<defs><radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>${shadow}
<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)}) scale(${(scale * flip).toFixed(2)} ${scale.toFixed(2)}) translate(-12 -12)" fill="${tint(colour, 0.1)}" fill-opacity="0.85" stroke="${outline}" stroke-width="${standing ? 1.6 : 1.1}" stroke-linecap="round" stroke-linejoin="round">${shapes}</g>`;
  }
  // A soft vignette, as a phone camera leaves it.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}
<defs><radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`;
}
