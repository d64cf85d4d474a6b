/**
 * The seeded fields of vehicles (issue 26): cars, vans and motorcycles, in Tori's words. Makes are
 * the ones sold in Finland (new and used, Traficom's registrations), "muu" for the rest.
 */
import { type AttributeSeed, field, option, options } from './catalog-attributes.kit.ts';

const OTHER = option('other', 'Muu', 'Other', 'Другая');

/** Car makes: [value, name] — a make's name is the same in every language. */
const CAR_MAKES: [string, string][] = [
  ['alfa-romeo', 'Alfa Romeo'],
  ['audi', 'Audi'],
  ['bmw', 'BMW'],
  ['byd', 'BYD'],
  ['cadillac', 'Cadillac'],
  ['chevrolet', 'Chevrolet'],
  ['chrysler', 'Chrysler'],
  ['citroen', 'Citroën'],
  ['cupra', 'Cupra'],
  ['dacia', 'Dacia'],
  ['dodge', 'Dodge'],
  ['ds', 'DS'],
  ['fiat', 'Fiat'],
  ['ford', 'Ford'],
  ['genesis', 'Genesis'],
  ['honda', 'Honda'],
  ['hyundai', 'Hyundai'],
  ['jaguar', 'Jaguar'],
  ['jeep', 'Jeep'],
  ['kia', 'Kia'],
  ['lada', 'Lada'],
  ['land-rover', 'Land Rover'],
  ['lexus', 'Lexus'],
  ['lynk-co', 'Lynk & Co'],
  ['maserati', 'Maserati'],
  ['mazda', 'Mazda'],
  ['mercedes-benz', 'Mercedes-Benz'],
  ['mg', 'MG'],
  ['mini', 'Mini'],
  ['mitsubishi', 'Mitsubishi'],
  ['nissan', 'Nissan'],
  ['opel', 'Opel'],
  ['peugeot', 'Peugeot'],
  ['polestar', 'Polestar'],
  ['porsche', 'Porsche'],
  ['renault', 'Renault'],
  ['saab', 'Saab'],
  ['seat', 'Seat'],
  ['skoda', 'Škoda'],
  ['smart', 'Smart'],
  ['ssangyong', 'SsangYong / KGM'],
  ['subaru', 'Subaru'],
  ['suzuki', 'Suzuki'],
  ['tesla', 'Tesla'],
  ['toyota', 'Toyota'],
  ['volkswagen', 'Volkswagen'],
  ['volvo', 'Volvo'],
  ['xpeng', 'XPeng'],
  ['zeekr', 'Zeekr'],
];

/** Vans: the car makes that build vans, and the van makers. */
const VAN_MAKES: [string, string][] = [
  ['citroen', 'Citroën'],
  ['fiat', 'Fiat'],
  ['ford', 'Ford'],
  ['hyundai', 'Hyundai'],
  ['isuzu', 'Isuzu'],
  ['iveco', 'Iveco'],
  ['man', 'MAN'],
  ['maxus', 'Maxus'],
  ['mercedes-benz', 'Mercedes-Benz'],
  ['mitsubishi', 'Mitsubishi'],
  ['nissan', 'Nissan'],
  ['opel', 'Opel'],
  ['peugeot', 'Peugeot'],
  ['renault', 'Renault'],
  ['toyota', 'Toyota'],
  ['volkswagen', 'Volkswagen'],
];

const MOTORCYCLE_MAKES: [string, string][] = [
  ['aprilia', 'Aprilia'],
  ['benelli', 'Benelli'],
  ['beta', 'Beta'],
  ['bmw', 'BMW'],
  ['cfmoto', 'CFMoto'],
  ['ducati', 'Ducati'],
  ['gasgas', 'GasGas'],
  ['harley-davidson', 'Harley-Davidson'],
  ['honda', 'Honda'],
  ['husqvarna', 'Husqvarna'],
  ['indian', 'Indian'],
  ['kawasaki', 'Kawasaki'],
  ['ktm', 'KTM'],
  ['moto-guzzi', 'Moto Guzzi'],
  ['mv-agusta', 'MV Agusta'],
  ['piaggio', 'Piaggio'],
  ['royal-enfield', 'Royal Enfield'],
  ['sherco', 'Sherco'],
  ['suzuki', 'Suzuki'],
  ['triumph', 'Triumph'],
  ['yamaha', 'Yamaha'],
];

const makes = (list: [string, string][]) => [...list.map(([value, name]) => option(value, name, name, name)), OTHER];

/** Model years run to next year: next year's models are sold from the autumn before. */
const nextYear = new Date().getUTCFullYear() + 1;

const make = (list: [string, string][]): AttributeSeed =>
  field('make', 'choice', ['Merkki', 'Make', 'Марка'], { options: makes(list), filter: true });
const model = field('model', 'text', ['Malli', 'Model', 'Модель']);
const year = field('year', 'number', ['Vuosimalli', 'Model year', 'Год выпуска'], { min: 1900, max: nextYear, filter: true, card: 1 });
const mileage = field('mileage_km', 'number', ['Mittarilukema', 'Mileage', 'Пробег'], {
  unit: 'km',
  min: 0,
  max: 2_000_000,
  filter: true,
  card: 2,
});
const fuel = field('fuel', 'choice', ['Käyttövoima', 'Fuel', 'Топливо'], {
  filter: true,
  options: options([
    ['petrol', 'Bensiini', 'Petrol', 'Бензин'],
    ['diesel', 'Diesel', 'Diesel', 'Дизель'],
    ['hybrid', 'Hybridi', 'Hybrid', 'Гибрид'],
    ['plug_in_hybrid', 'Ladattava hybridi', 'Plug-in hybrid', 'Подключаемый гибрид'],
    ['electric', 'Sähkö', 'Electric', 'Электро'],
    ['gas', 'Kaasu', 'Gas', 'Газ'],
  ]),
});
const gearbox = field('gearbox', 'choice', ['Vaihteisto', 'Gearbox', 'Коробка передач'], {
  filter: true,
  options: options([
    ['manual', 'Manuaali', 'Manual', 'Механическая'],
    ['automatic', 'Automaatti', 'Automatic', 'Автоматическая'],
  ]),
});
const drive = field('drive', 'choice', ['Vetotapa', 'Drive', 'Привод'], {
  filter: true,
  options: options([
    ['front', 'Etuveto', 'Front-wheel drive', 'Передний'],
    ['rear', 'Takaveto', 'Rear-wheel drive', 'Задний'],
    ['four_wheel', 'Neliveto', 'Four-wheel drive', 'Полный'],
  ]),
});
const carBody = field('body_type', 'choice', ['Korityyppi', 'Body type', 'Тип кузова'], {
  filter: true,
  options: options([
    ['sedan', 'Sedan', 'Saloon', 'Седан'],
    ['estate', 'Farmari', 'Estate', 'Универсал'],
    ['hatchback', 'Viistoperä', 'Hatchback', 'Хэтчбек'],
    ['suv', 'Maastoauto / SUV', 'SUV', 'Внедорожник / SUV'],
    ['coupe', 'Coupé', 'Coupé', 'Купе'],
    ['convertible', 'Avoauto', 'Convertible', 'Кабриолет'],
    ['mpv', 'Tila-auto', 'MPV', 'Минивэн'],
    ['pickup', 'Avolava', 'Pickup', 'Пикап'],
    ['van', 'Pakettiauto', 'Van', 'Фургон'],
  ]),
});
const vanBody = field('body_type', 'choice', ['Korityyppi', 'Body type', 'Тип кузова'], {
  filter: true,
  options: options([
    ['van', 'Umpikori', 'Panel van', 'Цельнометаллический фургон'],
    ['combi', 'Kombi', 'Combi van', 'Грузопассажирский фургон'],
    ['minibus', 'Pikkubussi', 'Minibus', 'Микроавтобус'],
    ['pickup', 'Avolava', 'Pickup', 'Пикап'],
    ['chassis_cab', 'Alusta-ohjaamo', 'Chassis cab', 'Шасси с кабиной'],
    ['box', 'Kaappikori', 'Box van', 'Промтоварный фургон'],
  ]),
});
const inspection = field('inspection_valid_until', 'date', ['Katsastettu asti', 'Inspection valid until', 'Техосмотр действителен до'], {
  min: 2000,
  max: 2100,
});
const engine = field('engine_cc', 'number', ['Iskutilavuus', 'Engine size', 'Объём двигателя'], {
  unit: 'cc',
  min: 0,
  max: 3000,
  filter: true,
});

/** Catalog slug → its own fields, in order (cars' children inherit them). */
export const VEHICLE_ATTRIBUTES: Record<string, AttributeSeed[]> = {
  cars: [make(CAR_MAKES), model, year, mileage, fuel, gearbox, drive, carBody, inspection],
  vans: [make(VAN_MAKES), model, year, mileage, fuel, gearbox, drive, vanBody, inspection],
  motorcycles: [make(MOTORCYCLE_MAKES), model, year, mileage, engine],
};
