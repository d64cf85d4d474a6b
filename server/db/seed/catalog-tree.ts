/** The category tree loaded at first start: parent > child > grandchild, names in the three site languages. */
export interface CatalogSeed {
  slug: string;
  name: { fi: string; en: string; ru: string };
  children?: CatalogSeed[];
}

export const catalogTree: CatalogSeed[] = [
  {
    slug: 'transport',
    name: { fi: 'Ajoneuvot', en: 'Vehicles', ru: 'Транспорт' },
    children: [
      {
        slug: 'cars',
        name: { fi: 'Autot', en: 'Cars', ru: 'Автомобили' },
        children: [
          { slug: 'passenger-cars', name: { fi: 'Henkilöautot', en: 'Passenger cars', ru: 'Легковые автомобили' } },
          {
            slug: 'electric-and-hybrid-cars',
            name: { fi: 'Sähkö- ja hybridiautot', en: 'Electric and hybrid cars', ru: 'Электромобили и гибриды' },
          },
          { slug: 'off-road-cars', name: { fi: 'Maastoautot', en: 'SUVs and 4x4s', ru: 'Внедорожники' } },
          { slug: 'classic-cars', name: { fi: 'Museoautot', en: 'Classic cars', ru: 'Ретроавтомобили' } },
          { slug: 'cars-for-parts', name: { fi: 'Purkuautot', en: 'Cars for parts', ru: 'Автомобили на запчасти' } },
        ],
      },
      { slug: 'vans', name: { fi: 'Pakettiautot', en: 'Vans', ru: 'Фургоны' } },
      { slug: 'trucks-and-buses', name: { fi: 'Kuorma- ja linja-autot', en: 'Trucks and buses', ru: 'Грузовики и автобусы' } },
      {
        slug: 'motorcycles',
        name: { fi: 'Moottoripyörät', en: 'Motorcycles', ru: 'Мотоциклы' },
        children: [
          { slug: 'street-motorcycles', name: { fi: 'Katupyörät', en: 'Street bikes', ru: 'Дорожные мотоциклы' } },
          { slug: 'touring-motorcycles', name: { fi: 'Matkamoottoripyörät', en: 'Touring bikes', ru: 'Туристические мотоциклы' } },
          { slug: 'custom-motorcycles', name: { fi: 'Custom-pyörät', en: 'Custom bikes and cruisers', ru: 'Чопперы и круизеры' } },
          { slug: 'off-road-motorcycles', name: { fi: 'Enduro- ja crossipyörät', en: 'Enduro and motocross', ru: 'Эндуро и мотокросс' } },
          { slug: 'light-motorcycles', name: { fi: 'Kevytmoottoripyörät', en: 'Light motorcycles', ru: 'Лёгкие мотоциклы' } },
        ],
      },
      {
        slug: 'mopeds',
        name: { fi: 'Mopot', en: 'Mopeds', ru: 'Мопеды' },
        children: [
          { slug: 'scooters', name: { fi: 'Skootterit', en: 'Scooters', ru: 'Скутеры' } },
          { slug: 'off-road-mopeds', name: { fi: 'Enduro- ja crossimopot', en: 'Off-road mopeds', ru: 'Кроссовые мопеды' } },
          { slug: 'microcars', name: { fi: 'Mopoautot', en: 'Microcars', ru: 'Микроавтомобили' } },
        ],
      },
      { slug: 'snowmobiles', name: { fi: 'Moottorikelkat', en: 'Snowmobiles', ru: 'Снегоходы' } },
      {
        slug: 'boats',
        name: { fi: 'Veneet', en: 'Boats', ru: 'Лодки и катера' },
        children: [
          { slug: 'motorboats', name: { fi: 'Moottoriveneet', en: 'Motorboats', ru: 'Моторные лодки' } },
          { slug: 'sailboats', name: { fi: 'Purjeveneet', en: 'Sailboats', ru: 'Парусные яхты' } },
          { slug: 'rowing-boats', name: { fi: 'Soutuveneet', en: 'Rowing boats', ru: 'Гребные лодки' } },
          { slug: 'canoes-and-kayaks', name: { fi: 'Kanootit ja kajakit', en: 'Canoes and kayaks', ru: 'Каноэ и каяки' } },
          { slug: 'outboard-motors', name: { fi: 'Perämoottorit', en: 'Outboard motors', ru: 'Лодочные моторы' } },
        ],
      },
      {
        slug: 'caravans-and-motorhomes',
        name: { fi: 'Asuntovaunut ja matkailuautot', en: 'Caravans and motorhomes', ru: 'Дома на колёсах' },
        children: [
          { slug: 'caravans', name: { fi: 'Asuntovaunut', en: 'Caravans', ru: 'Жилые прицепы' } },
          { slug: 'motorhomes', name: { fi: 'Matkailuautot', en: 'Motorhomes', ru: 'Автодома' } },
        ],
      },
      {
        slug: 'trailers',
        name: { fi: 'Peräkärryt ja trailerit', en: 'Trailers', ru: 'Прицепы' },
        children: [
          { slug: 'utility-trailers', name: { fi: 'Tavarakärryt', en: 'Utility trailers', ru: 'Грузовые прицепы' } },
          { slug: 'boat-trailers', name: { fi: 'Venetrailerit', en: 'Boat trailers', ru: 'Лодочные прицепы' } },
          { slug: 'horse-trailers', name: { fi: 'Hevostrailerit', en: 'Horse trailers', ru: 'Коневозы' } },
        ],
      },
      {
        slug: 'bicycles',
        name: { fi: 'Polkupyörät', en: 'Bicycles', ru: 'Велосипеды' },
        children: [
          { slug: 'city-bikes', name: { fi: 'Kaupunkipyörät', en: 'City bikes', ru: 'Городские велосипеды' } },
          { slug: 'mountain-bikes', name: { fi: 'Maastopyörät', en: 'Mountain bikes', ru: 'Горные велосипеды' } },
          { slug: 'road-bikes', name: { fi: 'Maantiepyörät', en: 'Road bikes', ru: 'Шоссейные велосипеды' } },
          { slug: 'electric-bikes', name: { fi: 'Sähköpyörät', en: 'Electric bikes', ru: 'Электровелосипеды' } },
          { slug: 'childrens-bikes', name: { fi: 'Lasten pyörät', en: "Children's bikes", ru: 'Детские велосипеды' } },
        ],
      },
    ],
  },
  {
    slug: 'real-estate',
    name: { fi: 'Asunnot ja kiinteistöt', en: 'Real estate', ru: 'Недвижимость' },
    children: [
      {
        slug: 'apartments-for-sale',
        name: { fi: 'Myytävät asunnot', en: 'Apartments for sale', ru: 'Продажа квартир' },
        children: [
          { slug: 'flats-for-sale', name: { fi: 'Kerrostaloasunnot', en: 'Flats', ru: 'Квартиры в многоквартирных домах' } },
          { slug: 'terraced-houses-for-sale', name: { fi: 'Rivitaloasunnot', en: 'Terraced houses', ru: 'Таунхаусы' } },
          { slug: 'semi-detached-houses-for-sale', name: { fi: 'Paritaloasunnot', en: 'Semi-detached houses', ru: 'Дуплексы' } },
          { slug: 'new-developments', name: { fi: 'Uudiskohteet', en: 'New developments', ru: 'Новостройки' } },
        ],
      },
      {
        slug: 'apartments-for-rent',
        name: { fi: 'Vuokra-asunnot', en: 'Homes for rent', ru: 'Аренда жилья' },
        children: [
          { slug: 'flats-for-rent', name: { fi: 'Kerrostaloasunnot', en: 'Flats', ru: 'Квартиры в многоквартирных домах' } },
          { slug: 'terraced-houses-for-rent', name: { fi: 'Rivitaloasunnot', en: 'Terraced houses', ru: 'Таунхаусы' } },
          { slug: 'houses-for-rent', name: { fi: 'Omakotitalot', en: 'Detached houses', ru: 'Частные дома' } },
          { slug: 'rooms-for-rent', name: { fi: 'Huoneet ja soluasunnot', en: 'Rooms and shared flats', ru: 'Комнаты' } },
        ],
      },
      { slug: 'houses', name: { fi: 'Omakotitalot', en: 'Houses', ru: 'Частные дома' } },
      {
        slug: 'cottages',
        name: { fi: 'Mökit ja vapaa-ajan asunnot', en: 'Cottages and holiday homes', ru: 'Дачи и загородные дома' },
        children: [
          { slug: 'cottages-for-sale', name: { fi: 'Myytävät mökit', en: 'Cottages for sale', ru: 'Продажа дач' } },
          { slug: 'cottages-for-rent', name: { fi: 'Vuokramökit', en: 'Cottages for rent', ru: 'Аренда дач' } },
        ],
      },
      {
        slug: 'plots',
        name: { fi: 'Tontit', en: 'Plots', ru: 'Земельные участки' },
        children: [
          { slug: 'residential-plots', name: { fi: 'Omakotitalotontit', en: 'Residential plots', ru: 'Участки под жилой дом' } },
          { slug: 'holiday-home-plots', name: { fi: 'Vapaa-ajan tontit', en: 'Holiday home plots', ru: 'Участки под дачу' } },
        ],
      },
      { slug: 'farms-and-forest', name: { fi: 'Maa- ja metsätilat', en: 'Farms and forest land', ru: 'Фермы и лесные участки' } },
      { slug: 'garages-and-parking', name: { fi: 'Autotallit ja parkkipaikat', en: 'Garages and parking', ru: 'Гаражи и парковки' } },
      {
        slug: 'commercial-premises',
        name: { fi: 'Toimitilat', en: 'Commercial premises', ru: 'Коммерческая недвижимость' },
        children: [
          { slug: 'offices', name: { fi: 'Toimistot', en: 'Offices', ru: 'Офисы' } },
          { slug: 'retail-premises', name: { fi: 'Liiketilat', en: 'Retail premises', ru: 'Торговые помещения' } },
          {
            slug: 'warehouses-and-industrial-premises',
            name: { fi: 'Varasto- ja tuotantotilat', en: 'Warehouses and industrial premises', ru: 'Склады и производственные помещения' },
          },
        ],
      },
      { slug: 'property-abroad', name: { fi: 'Asunnot ulkomailla', en: 'Property abroad', ru: 'Зарубежная недвижимость' } },
    ],
  },
  {
    slug: 'jobs',
    name: { fi: 'Työpaikat', en: 'Jobs', ru: 'Работа' },
    children: [
      { slug: 'full-time-jobs', name: { fi: 'Kokoaikatyö', en: 'Full-time jobs', ru: 'Полная занятость' } },
      { slug: 'part-time-jobs', name: { fi: 'Osa-aikatyö', en: 'Part-time jobs', ru: 'Частичная занятость' } },
      { slug: 'summer-jobs', name: { fi: 'Kesätyöt', en: 'Summer jobs', ru: 'Летняя работа' } },
      { slug: 'seasonal-jobs', name: { fi: 'Kausityöt', en: 'Seasonal work', ru: 'Сезонная работа' } },
      { slug: 'gigs', name: { fi: 'Keikkatyöt', en: 'Gigs and odd jobs', ru: 'Разовые подработки' } },
      { slug: 'internships', name: { fi: 'Harjoittelupaikat', en: 'Internships', ru: 'Стажировки' } },
      { slug: 'freelance', name: { fi: 'Freelance-toimeksiannot', en: 'Freelance assignments', ru: 'Фриланс' } },
      { slug: 'job-seekers', name: { fi: 'Työnhakijat', en: 'Job seekers', ru: 'Ищу работу' } },
    ],
  },
  {
    slug: 'personal-items',
    name: { fi: 'Henkilökohtaiset tavarat', en: 'Personal items', ru: 'Личные вещи' },
    children: [
      {
        slug: 'womens-clothing',
        name: { fi: 'Naisten vaatteet', en: "Women's clothing", ru: 'Женская одежда' },
        children: [
          { slug: 'womens-outerwear', name: { fi: 'Takit ja ulkovaatteet', en: 'Coats and jackets', ru: 'Верхняя одежда' } },
          { slug: 'dresses-and-skirts', name: { fi: 'Mekot ja hameet', en: 'Dresses and skirts', ru: 'Платья и юбки' } },
          { slug: 'womens-tops', name: { fi: 'Paidat ja neuleet', en: 'Tops and knitwear', ru: 'Блузки и трикотаж' } },
          { slug: 'womens-trousers', name: { fi: 'Housut ja farkut', en: 'Trousers and jeans', ru: 'Брюки и джинсы' } },
        ],
      },
      {
        slug: 'mens-clothing',
        name: { fi: 'Miesten vaatteet', en: "Men's clothing", ru: 'Мужская одежда' },
        children: [
          { slug: 'mens-outerwear', name: { fi: 'Takit ja ulkovaatteet', en: 'Coats and jackets', ru: 'Верхняя одежда' } },
          { slug: 'mens-shirts', name: { fi: 'Paidat ja neuleet', en: 'Shirts and knitwear', ru: 'Рубашки и трикотаж' } },
          { slug: 'mens-trousers', name: { fi: 'Housut ja farkut', en: 'Trousers and jeans', ru: 'Брюки и джинсы' } },
          { slug: 'mens-suits', name: { fi: 'Puvut ja juhlavaatteet', en: 'Suits and formal wear', ru: 'Костюмы и праздничная одежда' } },
        ],
      },
      {
        slug: 'childrens-clothing',
        name: { fi: 'Lasten vaatteet', en: "Children's clothing", ru: 'Детская одежда' },
        children: [
          { slug: 'baby-clothing', name: { fi: 'Vauvanvaatteet', en: 'Baby clothes', ru: 'Одежда для малышей' } },
          {
            slug: 'childrens-outerwear',
            name: { fi: 'Ulkovaatteet ja haalarit', en: 'Outerwear and overalls', ru: 'Верхняя одежда и комбинезоны' },
          },
          { slug: 'childrens-everyday-clothing', name: { fi: 'Arkivaatteet', en: 'Everyday clothes', ru: 'Повседневная одежда' } },
          { slug: 'childrens-party-clothing', name: { fi: 'Juhlavaatteet', en: 'Party clothes', ru: 'Нарядная одежда' } },
        ],
      },
      {
        slug: 'shoes',
        name: { fi: 'Kengät', en: 'Shoes', ru: 'Обувь' },
        children: [
          { slug: 'womens-shoes', name: { fi: 'Naisten kengät', en: "Women's shoes", ru: 'Женская обувь' } },
          { slug: 'mens-shoes', name: { fi: 'Miesten kengät', en: "Men's shoes", ru: 'Мужская обувь' } },
          { slug: 'childrens-shoes', name: { fi: 'Lasten kengät', en: "Children's shoes", ru: 'Детская обувь' } },
        ],
      },
      {
        slug: 'bags',
        name: { fi: 'Laukut', en: 'Bags', ru: 'Сумки' },
        children: [
          { slug: 'handbags', name: { fi: 'Käsilaukut', en: 'Handbags', ru: 'Дамские сумки' } },
          { slug: 'backpacks', name: { fi: 'Reput', en: 'Backpacks', ru: 'Рюкзаки' } },
          { slug: 'suitcases', name: { fi: 'Matkalaukut', en: 'Suitcases', ru: 'Чемоданы' } },
        ],
      },
      {
        slug: 'jewellery-and-watches',
        name: { fi: 'Korut ja kellot', en: 'Jewellery and watches', ru: 'Украшения и часы' },
        children: [
          { slug: 'rings', name: { fi: 'Sormukset', en: 'Rings', ru: 'Кольца' } },
          { slug: 'necklaces', name: { fi: 'Kaulakorut', en: 'Necklaces', ru: 'Колье и цепочки' } },
          { slug: 'earrings', name: { fi: 'Korvakorut', en: 'Earrings', ru: 'Серьги' } },
          { slug: 'wristwatches', name: { fi: 'Rannekellot', en: 'Watches', ru: 'Наручные часы' } },
        ],
      },
      { slug: 'accessories', name: { fi: 'Asusteet', en: 'Accessories', ru: 'Аксессуары' } },
      {
        slug: 'baby-and-childrens-items',
        name: { fi: 'Lastentarvikkeet', en: "Baby and children's items", ru: 'Детские товары' },
        children: [
          { slug: 'prams-and-pushchairs', name: { fi: 'Lastenvaunut ja rattaat', en: 'Prams and pushchairs', ru: 'Коляски' } },
          { slug: 'car-seats', name: { fi: 'Turvaistuimet', en: 'Car seats', ru: 'Автокресла' } },
          { slug: 'toys', name: { fi: 'Lelut', en: 'Toys', ru: 'Игрушки' } },
          { slug: 'childrens-furniture', name: { fi: 'Lastenhuonekalut', en: "Children's furniture", ru: 'Детская мебель' } },
        ],
      },
      {
        slug: 'home-and-garden',
        name: { fi: 'Koti ja puutarha', en: 'Home and garden', ru: 'Дом и сад' },
        children: [
          { slug: 'sofas-and-armchairs', name: { fi: 'Sohvat ja nojatuolit', en: 'Sofas and armchairs', ru: 'Диваны и кресла' } },
          { slug: 'beds-and-mattresses', name: { fi: 'Sängyt ja patjat', en: 'Beds and mattresses', ru: 'Кровати и матрасы' } },
          { slug: 'tables-and-chairs', name: { fi: 'Pöydät ja tuolit', en: 'Tables and chairs', ru: 'Столы и стулья' } },
          { slug: 'cabinets-and-shelves', name: { fi: 'Kaapit ja hyllyt', en: 'Cabinets and shelves', ru: 'Шкафы и стеллажи' } },
          { slug: 'lighting', name: { fi: 'Valaisimet', en: 'Lighting', ru: 'Светильники' } },
          { slug: 'decor-and-textiles', name: { fi: 'Sisustus ja tekstiilit', en: 'Decor and textiles', ru: 'Декор и текстиль' } },
          {
            slug: 'tableware-and-kitchenware',
            name: { fi: 'Astiat ja keittiötarvikkeet', en: 'Tableware and kitchenware', ru: 'Посуда и кухонные принадлежности' },
          },
          { slug: 'garden-and-yard', name: { fi: 'Piha ja puutarha', en: 'Garden and yard', ru: 'Сад и участок' } },
        ],
      },
      {
        slug: 'beauty-and-health',
        name: { fi: 'Kauneus ja terveys', en: 'Beauty and health', ru: 'Красота и здоровье' },
        children: [
          { slug: 'cosmetics', name: { fi: 'Kosmetiikka', en: 'Cosmetics', ru: 'Косметика' } },
          { slug: 'fragrances', name: { fi: 'Tuoksut', en: 'Fragrances', ru: 'Парфюмерия' } },
          { slug: 'mobility-aids', name: { fi: 'Apuvälineet', en: 'Mobility aids', ru: 'Средства реабилитации' } },
        ],
      },
    ],
  },
  {
    slug: 'business-and-equipment',
    name: { fi: 'Liiketoiminta ja kalusto', en: 'Business and equipment', ru: 'Бизнес и оборудование' },
    children: [
      {
        slug: 'construction-machinery',
        name: { fi: 'Rakennuskoneet', en: 'Construction machinery', ru: 'Строительная техника' },
        children: [
          { slug: 'excavators', name: { fi: 'Kaivinkoneet', en: 'Excavators', ru: 'Экскаваторы' } },
          { slug: 'loaders', name: { fi: 'Kuormaajat', en: 'Loaders', ru: 'Погрузчики' } },
        ],
      },
      {
        slug: 'agricultural-machinery',
        name: { fi: 'Maatalouskoneet', en: 'Agricultural machinery', ru: 'Сельхозтехника' },
        children: [
          { slug: 'tractors', name: { fi: 'Traktorit', en: 'Tractors', ru: 'Тракторы' } },
          { slug: 'forestry-machinery', name: { fi: 'Metsäkoneet', en: 'Forestry machinery', ru: 'Лесная техника' } },
          { slug: 'tillage-equipment', name: { fi: 'Maanmuokkauskoneet', en: 'Tillage equipment', ru: 'Почвообрабатывающая техника' } },
          { slug: 'harvesting-machinery', name: { fi: 'Korjuukoneet', en: 'Harvesting machinery', ru: 'Уборочная техника' } },
        ],
      },
      {
        slug: 'industrial-machinery',
        name: { fi: 'Teollisuuskoneet', en: 'Industrial machinery', ru: 'Промышленное оборудование' },
        children: [
          {
            slug: 'metalworking-machines',
            name: { fi: 'Metallintyöstökoneet', en: 'Metalworking machines', ru: 'Металлообрабатывающие станки' },
          },
          { slug: 'woodworking-machines', name: { fi: 'Puuntyöstökoneet', en: 'Woodworking machines', ru: 'Деревообрабатывающие станки' } },
          { slug: 'forklifts', name: { fi: 'Trukit', en: 'Forklifts', ru: 'Вилочные погрузчики' } },
        ],
      },
      {
        slug: 'tools',
        name: { fi: 'Työkalut', en: 'Tools', ru: 'Инструменты' },
        children: [
          { slug: 'power-tools', name: { fi: 'Sähkötyökalut', en: 'Power tools', ru: 'Электроинструмент' } },
          { slug: 'hand-tools', name: { fi: 'Käsityökalut', en: 'Hand tools', ru: 'Ручной инструмент' } },
          { slug: 'workshop-equipment', name: { fi: 'Korjaamolaitteet', en: 'Workshop equipment', ru: 'Гаражное оборудование' } },
          {
            slug: 'chainsaws-and-garden-machines',
            name: { fi: 'Moottorisahat ja pihakoneet', en: 'Chainsaws and garden machines', ru: 'Бензопилы и садовая техника' },
          },
        ],
      },
      {
        slug: 'building-materials',
        name: { fi: 'Rakennustarvikkeet', en: 'Building materials', ru: 'Стройматериалы' },
        children: [
          { slug: 'timber', name: { fi: 'Puutavara', en: 'Timber', ru: 'Пиломатериалы' } },
          { slug: 'windows-and-doors', name: { fi: 'Ikkunat ja ovet', en: 'Windows and doors', ru: 'Окна и двери' } },
          {
            slug: 'plumbing-and-heating-supplies',
            name: { fi: 'LVI-tarvikkeet', en: 'Plumbing and heating', ru: 'Сантехника и отопление' },
          },
          { slug: 'electrical-supplies', name: { fi: 'Sähkötarvikkeet', en: 'Electrical supplies', ru: 'Электротовары' } },
          { slug: 'firewood-and-pellets', name: { fi: 'Polttopuut ja pelletit', en: 'Firewood and pellets', ru: 'Дрова и пеллеты' } },
        ],
      },
      { slug: 'office-furniture', name: { fi: 'Toimistokalusteet', en: 'Office furniture', ru: 'Офисная мебель' } },
      { slug: 'shop-fittings', name: { fi: 'Myymäläkalusteet', en: 'Shop fittings', ru: 'Торговое оборудование' } },
      {
        slug: 'restaurant-equipment',
        name: { fi: 'Ravintola- ja suurkeittiölaitteet', en: 'Restaurant equipment', ru: 'Оборудование для ресторанов' },
      },
      { slug: 'businesses-for-sale', name: { fi: 'Myytävät yritykset', en: 'Businesses for sale', ru: 'Продажа бизнеса' } },
    ],
  },
  {
    slug: 'animals',
    name: { fi: 'Eläimet', en: 'Animals', ru: 'Животные' },
    children: [
      { slug: 'dogs', name: { fi: 'Koirat', en: 'Dogs', ru: 'Собаки' } },
      { slug: 'cats', name: { fi: 'Kissat', en: 'Cats', ru: 'Кошки' } },
      { slug: 'horses', name: { fi: 'Hevoset', en: 'Horses', ru: 'Лошади' } },
      { slug: 'birds', name: { fi: 'Linnut', en: 'Birds', ru: 'Птицы' } },
      { slug: 'small-animals', name: { fi: 'Pieneläimet', en: 'Small animals', ru: 'Мелкие животные' } },
      { slug: 'aquarium', name: { fi: 'Akvaariot ja kalat', en: 'Aquariums and fish', ru: 'Аквариумы и рыбки' } },
      { slug: 'reptiles', name: { fi: 'Matelijat', en: 'Reptiles', ru: 'Рептилии' } },
      { slug: 'farm-animals', name: { fi: 'Tuotantoeläimet', en: 'Farm animals', ru: 'Сельскохозяйственные животные' } },
      {
        slug: 'pet-supplies',
        name: { fi: 'Eläintarvikkeet', en: 'Pet supplies', ru: 'Товары для животных' },
        children: [
          { slug: 'dog-supplies', name: { fi: 'Koiratarvikkeet', en: 'Dog supplies', ru: 'Товары для собак' } },
          { slug: 'cat-supplies', name: { fi: 'Kissatarvikkeet', en: 'Cat supplies', ru: 'Товары для кошек' } },
          { slug: 'equestrian-supplies', name: { fi: 'Hevostarvikkeet', en: 'Equestrian supplies', ru: 'Конная амуниция' } },
          {
            slug: 'small-animal-supplies',
            name: { fi: 'Pieneläintarvikkeet', en: 'Small animal supplies', ru: 'Товары для мелких животных' },
          },
        ],
      },
      { slug: 'lost-and-found-animals', name: { fi: 'Kadonneet ja löydetyt', en: 'Lost and found', ru: 'Потерянные и найденные' } },
    ],
  },
  {
    slug: 'hobbies-and-recreation',
    name: { fi: 'Harrastukset ja vapaa-aika', en: 'Hobbies and leisure', ru: 'Хобби и отдых' },
    children: [
      {
        slug: 'sports',
        name: { fi: 'Urheilu', en: 'Sports', ru: 'Спорт' },
        children: [
          { slug: 'skiing', name: { fi: 'Hiihto ja laskettelu', en: 'Skiing', ru: 'Лыжи' } },
          { slug: 'cycling-gear', name: { fi: 'Pyöräilyvarusteet', en: 'Cycling gear', ru: 'Велоэкипировка' } },
          { slug: 'gym-and-fitness', name: { fi: 'Kuntosali ja fitness', en: 'Gym and fitness', ru: 'Тренажёры и фитнес' } },
          { slug: 'ice-hockey', name: { fi: 'Jääkiekko', en: 'Ice hockey', ru: 'Хоккей' } },
          { slug: 'ball-games', name: { fi: 'Pallopelit', en: 'Ball games', ru: 'Игры с мячом' } },
          { slug: 'water-sports', name: { fi: 'Vesiurheilu', en: 'Water sports', ru: 'Водный спорт' } },
        ],
      },
      {
        slug: 'musical-instruments',
        name: { fi: 'Soittimet', en: 'Musical instruments', ru: 'Музыкальные инструменты' },
        children: [
          { slug: 'guitars-and-basses', name: { fi: 'Kitarat ja bassot', en: 'Guitars and basses', ru: 'Гитары и бас-гитары' } },
          { slug: 'pianos-and-keyboards', name: { fi: 'Pianot ja koskettimet', en: 'Pianos and keyboards', ru: 'Пианино и клавишные' } },
          { slug: 'drums-and-percussion', name: { fi: 'Rummut ja lyömäsoittimet', en: 'Drums and percussion', ru: 'Ударные инструменты' } },
          { slug: 'wind-instruments', name: { fi: 'Puhaltimet', en: 'Wind instruments', ru: 'Духовые инструменты' } },
          { slug: 'string-instruments', name: { fi: 'Jousisoittimet', en: 'String instruments', ru: 'Смычковые инструменты' } },
        ],
      },
      {
        slug: 'books-and-magazines',
        name: { fi: 'Kirjat ja lehdet', en: 'Books and magazines', ru: 'Книги и журналы' },
        children: [
          { slug: 'fiction', name: { fi: 'Kaunokirjallisuus', en: 'Fiction', ru: 'Художественная литература' } },
          { slug: 'non-fiction', name: { fi: 'Tietokirjat', en: 'Non-fiction', ru: 'Нехудожественная литература' } },
          { slug: 'textbooks', name: { fi: 'Oppikirjat', en: 'Textbooks', ru: 'Учебники' } },
          { slug: 'childrens-books', name: { fi: 'Lasten- ja nuortenkirjat', en: "Children's books", ru: 'Детские книги' } },
        ],
      },
      {
        slug: 'films-and-music',
        name: { fi: 'Elokuvat ja musiikki', en: 'Films and music', ru: 'Фильмы и музыка' },
        children: [
          { slug: 'vinyl-records', name: { fi: 'Vinyylilevyt', en: 'Vinyl records', ru: 'Виниловые пластинки' } },
          { slug: 'cds', name: { fi: 'CD-levyt', en: 'CDs', ru: 'CD-диски' } },
          { slug: 'dvds-and-blu-rays', name: { fi: 'DVD- ja Blu-ray-levyt', en: 'DVDs and Blu-rays', ru: 'DVD и Blu-ray' } },
        ],
      },
      {
        slug: 'collecting',
        name: { fi: 'Keräily', en: 'Collecting', ru: 'Коллекционирование' },
        children: [
          { slug: 'coins-and-banknotes', name: { fi: 'Kolikot ja setelit', en: 'Coins and banknotes', ru: 'Монеты и банкноты' } },
          { slug: 'stamps', name: { fi: 'Postimerkit', en: 'Stamps', ru: 'Марки' } },
          { slug: 'antiques', name: { fi: 'Antiikki', en: 'Antiques', ru: 'Антиквариат' } },
          { slug: 'art', name: { fi: 'Taide', en: 'Art', ru: 'Предметы искусства' } },
        ],
      },
      {
        slug: 'hunting-and-fishing',
        name: { fi: 'Metsästys ja kalastus', en: 'Hunting and fishing', ru: 'Охота и рыбалка' },
        children: [
          { slug: 'hunting-gear', name: { fi: 'Metsästysvarusteet', en: 'Hunting gear', ru: 'Охотничье снаряжение' } },
          { slug: 'fishing-gear', name: { fi: 'Kalastusvarusteet', en: 'Fishing gear', ru: 'Рыболовные снасти' } },
          { slug: 'ice-fishing-gear', name: { fi: 'Pilkkivälineet', en: 'Ice fishing gear', ru: 'Снасти для зимней рыбалки' } },
        ],
      },
      {
        slug: 'camping-and-outdoors',
        name: { fi: 'Retkeily ja ulkoilu', en: 'Camping and outdoors', ru: 'Туризм и кемпинг' },
        children: [
          { slug: 'tents', name: { fi: 'Teltat', en: 'Tents', ru: 'Палатки' } },
          {
            slug: 'sleeping-bags-and-mats',
            name: { fi: 'Makuupussit ja -alustat', en: 'Sleeping bags and mats', ru: 'Спальники и коврики' },
          },
        ],
      },
      { slug: 'crafts', name: { fi: 'Käsityöt', en: 'Crafts', ru: 'Рукоделие' } },
      {
        slug: 'board-games-and-puzzles',
        name: { fi: 'Lautapelit ja palapelit', en: 'Board games and puzzles', ru: 'Настольные игры и пазлы' },
      },
      {
        slug: 'models-and-rc',
        name: { fi: 'Pienoismallit ja radio-ohjattavat', en: 'Scale models and RC', ru: 'Модели и радиоуправляемая техника' },
      },
      { slug: 'tickets-and-events', name: { fi: 'Liput ja tapahtumat', en: 'Tickets and events', ru: 'Билеты и мероприятия' } },
    ],
  },
  {
    slug: 'parts-and-accessories',
    name: { fi: 'Varaosat ja tarvikkeet', en: 'Parts and accessories', ru: 'Запчасти и аксессуары' },
    children: [
      {
        slug: 'car-parts',
        name: { fi: 'Auton varaosat', en: 'Car parts', ru: 'Автозапчасти' },
        children: [
          { slug: 'car-engine-parts', name: { fi: 'Moottorin osat', en: 'Engine parts', ru: 'Детали двигателя' } },
          { slug: 'car-body-parts', name: { fi: 'Koriosat', en: 'Body parts', ru: 'Кузовные детали' } },
          { slug: 'brakes-and-suspension', name: { fi: 'Jarrut ja alusta', en: 'Brakes and suspension', ru: 'Тормоза и подвеска' } },
          { slug: 'car-electrics-and-lights', name: { fi: 'Sähköosat ja valot', en: 'Electrics and lights', ru: 'Электрика и оптика' } },
        ],
      },
      {
        slug: 'tyres-and-rims',
        name: { fi: 'Renkaat ja vanteet', en: 'Tyres and rims', ru: 'Шины и диски' },
        children: [
          { slug: 'summer-tyres', name: { fi: 'Kesärenkaat', en: 'Summer tyres', ru: 'Летние шины' } },
          { slug: 'studded-tyres', name: { fi: 'Nastarenkaat', en: 'Studded winter tyres', ru: 'Шипованные шины' } },
          { slug: 'friction-tyres', name: { fi: 'Kitkarenkaat', en: 'Non-studded winter tyres', ru: 'Нешипованные зимние шины' } },
          { slug: 'car-rims', name: { fi: 'Vanteet', en: 'Rims', ru: 'Диски' } },
        ],
      },
      {
        slug: 'car-accessories',
        name: { fi: 'Autotarvikkeet', en: 'Car accessories', ru: 'Автоаксессуары' },
        children: [
          {
            slug: 'roof-boxes-and-racks',
            name: { fi: 'Kattoboksit ja -telineet', en: 'Roof boxes and racks', ru: 'Автобоксы и багажники' },
          },
          { slug: 'car-audio', name: { fi: 'Autohifi', en: 'Car audio', ru: 'Автозвук' } },
          { slug: 'tow-bars', name: { fi: 'Vetokoukut', en: 'Tow bars', ru: 'Фаркопы' } },
        ],
      },
      {
        slug: 'truck-and-van-parts',
        name: { fi: 'Kuorma- ja pakettiautojen osat', en: 'Truck and van parts', ru: 'Запчасти для грузовиков и фургонов' },
      },
      {
        slug: 'motorcycle-parts',
        name: { fi: 'Moottoripyörän osat ja varusteet', en: 'Motorcycle parts and gear', ru: 'Мотозапчасти и экипировка' },
        children: [
          { slug: 'motorcycle-spare-parts', name: { fi: 'Varaosat', en: 'Spare parts', ru: 'Запчасти' } },
          { slug: 'motorcycle-tyres', name: { fi: 'Renkaat', en: 'Tyres', ru: 'Мотошины' } },
          { slug: 'motorcycle-helmets', name: { fi: 'Kypärät', en: 'Helmets', ru: 'Мотошлемы' } },
          { slug: 'motorcycle-riding-gear', name: { fi: 'Ajovarusteet', en: 'Riding gear', ru: 'Мотоэкипировка' } },
        ],
      },
      { slug: 'moped-parts', name: { fi: 'Mopon osat', en: 'Moped parts', ru: 'Запчасти для мопедов' } },
      { slug: 'snowmobile-parts', name: { fi: 'Moottorikelkan osat', en: 'Snowmobile parts', ru: 'Запчасти для снегоходов' } },
      {
        slug: 'boat-parts',
        name: { fi: 'Veneen osat ja tarvikkeet', en: 'Boat parts and accessories', ru: 'Запчасти и аксессуары для лодок' },
        children: [
          { slug: 'boat-engine-parts', name: { fi: 'Moottorin osat', en: 'Engine parts', ru: 'Запчасти для лодочных моторов' } },
          { slug: 'marine-electronics', name: { fi: 'Veneelektroniikka', en: 'Marine electronics', ru: 'Морская электроника' } },
          { slug: 'sails-and-rigging', name: { fi: 'Purjeet ja takila', en: 'Sails and rigging', ru: 'Паруса и такелаж' } },
        ],
      },
      {
        slug: 'bicycle-parts',
        name: { fi: 'Pyörän osat ja tarvikkeet', en: 'Bicycle parts and accessories', ru: 'Велозапчасти и аксессуары' },
        children: [
          { slug: 'bicycle-tyres', name: { fi: 'Renkaat ja sisärenkaat', en: 'Tyres and inner tubes', ru: 'Покрышки и камеры' } },
          { slug: 'bicycle-components', name: { fi: 'Komponentit', en: 'Components', ru: 'Компоненты' } },
          { slug: 'bicycle-child-seats', name: { fi: 'Lastenistuimet', en: 'Child seats', ru: 'Детские велокресла' } },
        ],
      },
      {
        slug: 'caravan-accessories',
        name: { fi: 'Asuntovaunu- ja matkailuautotarvikkeet', en: 'Caravan and motorhome accessories', ru: 'Аксессуары для автодомов' },
      },
    ],
  },
  {
    slug: 'electronics',
    name: { fi: 'Elektroniikka', en: 'Electronics', ru: 'Электроника' },
    children: [
      {
        slug: 'phones',
        name: { fi: 'Puhelimet', en: 'Phones', ru: 'Телефоны' },
        children: [
          { slug: 'smartphones', name: { fi: 'Älypuhelimet', en: 'Smartphones', ru: 'Смартфоны' } },
          { slug: 'smartwatches', name: { fi: 'Älykellot', en: 'Smartwatches', ru: 'Умные часы' } },
          { slug: 'phone-accessories', name: { fi: 'Puhelintarvikkeet', en: 'Phone accessories', ru: 'Аксессуары для телефонов' } },
        ],
      },
      {
        slug: 'computers',
        name: { fi: 'Tietokoneet', en: 'Computers', ru: 'Компьютеры' },
        children: [
          { slug: 'laptops', name: { fi: 'Kannettavat tietokoneet', en: 'Laptops', ru: 'Ноутбуки' } },
          { slug: 'desktop-computers', name: { fi: 'Pöytäkoneet', en: 'Desktop computers', ru: 'Настольные компьютеры' } },
          { slug: 'monitors', name: { fi: 'Näytöt', en: 'Monitors', ru: 'Мониторы' } },
          { slug: 'computer-components', name: { fi: 'Komponentit', en: 'Components', ru: 'Комплектующие' } },
        ],
      },
      { slug: 'tablets', name: { fi: 'Tabletit ja lukulaitteet', en: 'Tablets and e-readers', ru: 'Планшеты и электронные книги' } },
      {
        slug: 'tv-and-audio',
        name: { fi: 'TV ja äänentoisto', en: 'TV and audio', ru: 'ТВ и аудио' },
        children: [
          { slug: 'televisions', name: { fi: 'Televisiot', en: 'Televisions', ru: 'Телевизоры' } },
          { slug: 'speakers', name: { fi: 'Kaiuttimet', en: 'Speakers', ru: 'Акустические системы' } },
          { slug: 'headphones', name: { fi: 'Kuulokkeet', en: 'Headphones', ru: 'Наушники' } },
          {
            slug: 'amplifiers-and-receivers',
            name: { fi: 'Vahvistimet ja vastaanottimet', en: 'Amplifiers and receivers', ru: 'Усилители и ресиверы' },
          },
        ],
      },
      {
        slug: 'cameras',
        name: { fi: 'Kamerat ja valokuvaus', en: 'Cameras and photography', ru: 'Фото- и видеотехника' },
        children: [
          { slug: 'digital-cameras', name: { fi: 'Digikamerat', en: 'Digital cameras', ru: 'Цифровые фотоаппараты' } },
          { slug: 'camera-lenses', name: { fi: 'Objektiivit', en: 'Lenses', ru: 'Объективы' } },
          { slug: 'video-cameras', name: { fi: 'Videokamerat', en: 'Video cameras', ru: 'Видеокамеры' } },
          { slug: 'drones', name: { fi: 'Dronet', en: 'Drones', ru: 'Дроны' } },
        ],
      },
      {
        slug: 'game-consoles',
        name: { fi: 'Pelikonsolit ja pelit', en: 'Game consoles and games', ru: 'Игровые приставки и игры' },
        children: [
          { slug: 'playstation', name: { fi: 'PlayStation', en: 'PlayStation', ru: 'PlayStation' } },
          { slug: 'xbox', name: { fi: 'Xbox', en: 'Xbox', ru: 'Xbox' } },
          { slug: 'nintendo', name: { fi: 'Nintendo', en: 'Nintendo', ru: 'Nintendo' } },
        ],
      },
      {
        slug: 'household-appliances',
        name: { fi: 'Kodinkoneet', en: 'Household appliances', ru: 'Бытовая техника' },
        children: [
          {
            slug: 'fridges-and-freezers',
            name: { fi: 'Jääkaapit ja pakastimet', en: 'Fridges and freezers', ru: 'Холодильники и морозильники' },
          },
          {
            slug: 'washing-machines-and-dryers',
            name: { fi: 'Pyykinpesukoneet ja kuivausrummut', en: 'Washing machines and dryers', ru: 'Стиральные и сушильные машины' },
          },
          { slug: 'dishwashers', name: { fi: 'Astianpesukoneet', en: 'Dishwashers', ru: 'Посудомоечные машины' } },
          { slug: 'cookers-and-ovens', name: { fi: 'Liedet ja uunit', en: 'Cookers and ovens', ru: 'Плиты и духовки' } },
          { slug: 'vacuum-cleaners', name: { fi: 'Pölynimurit', en: 'Vacuum cleaners', ru: 'Пылесосы' } },
          { slug: 'air-heat-pumps', name: { fi: 'Ilmalämpöpumput', en: 'Air source heat pumps', ru: 'Тепловые насосы' } },
        ],
      },
    ],
  },
  {
    slug: 'services',
    name: { fi: 'Palvelut', en: 'Services', ru: 'Услуги' },
    children: [
      {
        slug: 'renovation',
        name: { fi: 'Remontit ja rakentaminen', en: 'Renovation and construction', ru: 'Ремонт и строительство' },
        children: [
          { slug: 'painting-work', name: { fi: 'Maalaustyöt', en: 'Painting', ru: 'Малярные работы' } },
          { slug: 'plumbing-work', name: { fi: 'Putkityöt', en: 'Plumbing', ru: 'Сантехнические работы' } },
          { slug: 'electrical-work', name: { fi: 'Sähkötyöt', en: 'Electrical work', ru: 'Электромонтажные работы' } },
          { slug: 'carpentry', name: { fi: 'Kirvesmiestyöt', en: 'Carpentry', ru: 'Плотницкие работы' } },
        ],
      },
      { slug: 'moving-and-transport', name: { fi: 'Muutot ja kuljetukset', en: 'Moving and transport', ru: 'Переезды и грузоперевозки' } },
      {
        slug: 'cleaning',
        name: { fi: 'Siivous', en: 'Cleaning', ru: 'Уборка' },
        children: [
          { slug: 'home-cleaning', name: { fi: 'Kotisiivous', en: 'Home cleaning', ru: 'Уборка квартир' } },
          { slug: 'move-out-cleaning', name: { fi: 'Muuttosiivous', en: 'Move-out cleaning', ru: 'Уборка после переезда' } },
          { slug: 'window-cleaning', name: { fi: 'Ikkunanpesu', en: 'Window cleaning', ru: 'Мытьё окон' } },
        ],
      },
      {
        slug: 'repair',
        name: { fi: 'Korjaus ja huolto', en: 'Repair and maintenance', ru: 'Ремонт и обслуживание' },
        children: [
          { slug: 'car-repair', name: { fi: 'Autohuolto', en: 'Car servicing and repair', ru: 'Авторемонт' } },
          { slug: 'electronics-repair', name: { fi: 'Elektroniikan korjaus', en: 'Electronics repair', ru: 'Ремонт электроники' } },
          { slug: 'appliance-repair', name: { fi: 'Kodinkoneiden korjaus', en: 'Appliance repair', ru: 'Ремонт бытовой техники' } },
        ],
      },
      {
        slug: 'garden-and-yard-work',
        name: { fi: 'Piha- ja puutarhatyöt', en: 'Garden and yard work', ru: 'Садовые работы' },
        children: [
          { slug: 'snow-clearing', name: { fi: 'Lumityöt', en: 'Snow clearing', ru: 'Уборка снега' } },
          { slug: 'tree-felling', name: { fi: 'Puiden kaato', en: 'Tree felling', ru: 'Спил деревьев' } },
          { slug: 'lawn-care', name: { fi: 'Nurmikonhoito', en: 'Lawn care', ru: 'Уход за газоном' } },
        ],
      },
      {
        slug: 'tutoring',
        name: { fi: 'Opetus ja kurssit', en: 'Tutoring and courses', ru: 'Обучение и курсы' },
        children: [
          { slug: 'private-tutoring', name: { fi: 'Yksityisopetus', en: 'Private tutoring', ru: 'Репетиторство' } },
          { slug: 'language-courses', name: { fi: 'Kielikurssit', en: 'Language courses', ru: 'Языковые курсы' } },
          { slug: 'driving-schools', name: { fi: 'Autokoulut', en: 'Driving schools', ru: 'Автошколы' } },
        ],
      },
      {
        slug: 'beauty-and-wellbeing',
        name: { fi: 'Kauneus ja hyvinvointi', en: 'Beauty and wellbeing', ru: 'Красота и здоровье' },
        children: [
          { slug: 'hairdressers', name: { fi: 'Kampaamot', en: 'Hairdressers', ru: 'Парикмахерские' } },
          { slug: 'massage', name: { fi: 'Hieronta', en: 'Massage', ru: 'Массаж' } },
          { slug: 'beauty-salons', name: { fi: 'Kauneushoitolat', en: 'Beauty salons', ru: 'Косметология' } },
        ],
      },
      {
        slug: 'childcare-and-elderly-care',
        name: { fi: 'Lasten- ja vanhustenhoito', en: 'Childcare and elderly care', ru: 'Уход за детьми и пожилыми' },
      },
      { slug: 'pet-services', name: { fi: 'Eläinpalvelut', en: 'Pet services', ru: 'Услуги для животных' } },
      {
        slug: 'parties-and-events',
        name: { fi: 'Juhlat ja tapahtumat', en: 'Parties and events', ru: 'Праздники и мероприятия' },
        children: [
          { slug: 'photography-services', name: { fi: 'Valokuvaus', en: 'Photography', ru: 'Фотосъёмка' } },
          { slug: 'catering', name: { fi: 'Pitopalvelut', en: 'Catering', ru: 'Кейтеринг' } },
        ],
      },
      { slug: 'it-services', name: { fi: 'IT-palvelut', en: 'IT services', ru: 'IT-услуги' } },
    ],
  },
];
