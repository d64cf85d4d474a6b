/** The seeded fields of goods and jobs (issue 26): bicycles, phones, clothes, shoes, jobs. */
import { type AttributeSeed, field, option, options } from './catalog-attributes.kit.ts';

const bikeType = field('bike_type', 'choice', ['Pyörän tyyppi', 'Bike type', 'Тип велосипеда'], {
  filter: true,
  card: 1,
  options: options([
    ['city', 'Kaupunkipyörä', 'City bike', 'Городской'],
    ['hybrid', 'Hybridipyörä', 'Hybrid bike', 'Гибридный'],
    ['mountain', 'Maastopyörä', 'Mountain bike', 'Горный'],
    ['road', 'Maantiepyörä', 'Road bike', 'Шоссейный'],
    ['gravel', 'Gravel-pyörä', 'Gravel bike', 'Гравийный'],
    ['electric', 'Sähköpyörä', 'Electric bike', 'Электровелосипед'],
    ['childrens', 'Lasten pyörä', "Children's bike", 'Детский'],
    ['cargo', 'Tavarapyörä', 'Cargo bike', 'Грузовой'],
    ['bmx', 'BMX', 'BMX', 'BMX'],
    ['fatbike', 'Fatbike', 'Fat bike', 'Фэтбайк'],
  ]),
});
const frameSize = field('frame_size', 'choice', ['Rungon koko', 'Frame size', 'Размер рамы'], {
  filter: true,
  card: 2,
  options: ['XS', 'S', 'M', 'L', 'XL'].map((size) => option(size.toLowerCase(), size, size, size)),
});
const wheelSize = field('wheel_size', 'number', ['Rengaskoko', 'Wheel size', 'Размер колёс'], {
  unit: 'inch',
  decimals: 1,
  min: 10,
  max: 30,
  filter: true,
});

const brand = field('brand', 'choice', ['Merkki', 'Brand', 'Производитель'], {
  filter: true,
  card: 1,
  options: [
    ...[
      ['apple', 'Apple'],
      ['doro', 'Doro'],
      ['google', 'Google'],
      ['honor', 'Honor'],
      ['huawei', 'Huawei'],
      ['motorola', 'Motorola'],
      ['nokia', 'Nokia'],
      ['nothing', 'Nothing'],
      ['oneplus', 'OnePlus'],
      ['oppo', 'Oppo'],
      ['samsung', 'Samsung'],
      ['sony', 'Sony'],
      ['xiaomi', 'Xiaomi'],
    ].map(([value, name]) => option(value!, name!, name!, name!)),
    option('other', 'Muu', 'Other', 'Другой'),
  ],
});
const storage = field('storage_gb', 'number', ['Tallennustila', 'Storage', 'Встроенная память'], {
  unit: 'gb',
  min: 1,
  max: 4096,
  filter: true,
  card: 2,
});

const ADULT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const adultSize = field('size', 'choice', ['Koko', 'Size', 'Размер'], {
  filter: true,
  card: 1,
  options: ADULT_SIZES.map((size) => option(size.toLowerCase(), size, size, size)),
});
/** Children's clothes go by height in centimetres, as Finnish shops label them. */
const CHILD_HEIGHTS = [50, 56, 62, 68, 74, 80, 86, 92, 98, 104, 110, 116, 122, 128, 134, 140, 146, 152, 158, 164, 170];
const childSize = field('size', 'choice', ['Koko', 'Size', 'Размер'], {
  filter: true,
  card: 1,
  options: CHILD_HEIGHTS.map((cm) => option(String(cm), `${cm} cm`, `${cm} cm`, `${cm} см`)),
});
const childFor = field('gender_age', 'choice', ['Kenelle', 'For', 'Для кого'], {
  filter: true,
  card: 2,
  options: options([
    ['girls', 'Tytöt', 'Girls', 'Девочки'],
    ['boys', 'Pojat', 'Boys', 'Мальчики'],
    ['unisex', 'Kaikille', 'Unisex', 'Унисекс'],
  ]),
});
const shoeSize = field('size', 'number', ['Koko (EU)', 'Size (EU)', 'Размер (EU)'], {
  decimals: 1,
  min: 16,
  max: 50,
  filter: true,
  card: 1,
});
const shoeFor = field('gender_age', 'choice', ['Kenelle', 'For', 'Для кого'], {
  filter: true,
  card: 2,
  options: options([
    ['women', 'Naiset', 'Women', 'Женщины'],
    ['men', 'Miehet', 'Men', 'Мужчины'],
    ['children', 'Lapset', 'Children', 'Дети'],
    ['unisex', 'Kaikille', 'Unisex', 'Унисекс'],
  ]),
});

const employment = field('employment_type', 'choice', ['Työsuhde', 'Employment type', 'Тип занятости'], {
  filter: true,
  card: 1,
  options: options([
    ['full_time', 'Kokoaikainen', 'Full-time', 'Полная занятость'],
    ['part_time', 'Osa-aikainen', 'Part-time', 'Частичная занятость'],
    ['fixed_term', 'Määräaikainen', 'Fixed-term', 'Срочный договор'],
    ['summer', 'Kesätyö', 'Summer job', 'Летняя работа'],
    ['seasonal', 'Kausityö', 'Seasonal work', 'Сезонная работа'],
    ['gig', 'Keikkatyö', 'Gig', 'Разовая работа'],
    ['internship', 'Harjoittelu', 'Internship', 'Стажировка'],
    ['freelance', 'Freelance', 'Freelance', 'Фриланс'],
  ]),
});
const hours = field('hours_week', 'number', ['Työaika', 'Working hours', 'Рабочее время'], {
  unit: 'hours_week',
  min: 1,
  max: 80,
  filter: true,
  card: 2,
});

/** Catalog slug → its own fields, in order (each catalog's children inherit them). */
export const GOODS_ATTRIBUTES: Record<string, AttributeSeed[]> = {
  bicycles: [bikeType, frameSize, wheelSize],
  phones: [brand],
  smartphones: [storage],
  'womens-clothing': [adultSize],
  'mens-clothing': [adultSize],
  'childrens-clothing': [childSize, childFor],
  shoes: [shoeSize, shoeFor],
  jobs: [employment, hours],
};
