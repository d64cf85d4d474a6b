/** The seeded fields of homes (issue 26): flats and houses for sale and for rent, cottages. */
import { type AttributeSeed, field, options } from './catalog-attributes.kit.ts';

const nextYear = new Date().getUTCFullYear() + 1;

const rooms = field('rooms', 'choice', ['Huoneet', 'Rooms', 'Комнаты'], {
  filter: true,
  card: 1,
  options: options([
    ['1h', '1h (yksiö)', '1 room', '1 комната'],
    ['2h', '2h (kaksio)', '2 rooms', '2 комнаты'],
    ['3h', '3h (kolmio)', '3 rooms', '3 комнаты'],
    ['4h', '4h', '4 rooms', '4 комнаты'],
    ['5h_plus', '5h+', '5 rooms or more', '5 комнат и больше'],
  ]),
});
const area = field('area_m2', 'number', ['Pinta-ala', 'Floor area', 'Площадь'], {
  unit: 'm2',
  decimals: 1,
  min: 1,
  max: 5000,
  filter: true,
  card: 2,
});
const floor = field('floor', 'number', ['Kerros', 'Floor', 'Этаж'], { min: -5, max: 100 });
const buildingYear = field('building_year', 'number', ['Rakennusvuosi', 'Year built', 'Год постройки'], {
  min: 1600,
  max: nextYear,
  filter: true,
});
const sauna = field('sauna', 'boolean', ['Sauna', 'Sauna', 'Сауна'], { filter: true });
const balcony = field('balcony', 'boolean', ['Parveke', 'Balcony', 'Балкон'], { filter: true });
const rent = field('rent_eur_month', 'number', ['Vuokra', 'Rent', 'Арендная плата'], {
  unit: 'eur_month',
  min: 0,
  max: 100_000,
  filter: true,
});
const availableFrom = field('available_from', 'date', ['Vapautuu', 'Available from', 'Свободна с'], { min: 2000, max: 2100 });

/** Catalog slug → its own fields, in order (apartments' children inherit them). */
export const HOME_ATTRIBUTES: Record<string, AttributeSeed[]> = {
  'apartments-for-sale': [rooms, area, floor, buildingYear, sauna, balcony],
  'apartments-for-rent': [rooms, area, floor, buildingYear, sauna, balcony, rent, availableFrom],
  houses: [rooms, area, buildingYear, sauna],
  cottages: [rooms, area, buildingYear, sauna],
};
