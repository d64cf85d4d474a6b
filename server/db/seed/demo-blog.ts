import { eq } from 'drizzle-orm';
import { Camera, type LucideIcon, PackageOpen, ShieldCheck } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import type { Locale } from '../../../common/locales.ts';
import { makeContentPicture } from '../../modules/images/image-processing.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Database } from '../client.ts';
import { blogCategories, blogPosts } from '../schema/blog.ts';
import { users } from '../schema/users.ts';

interface DemoPostText {
  slug: string;
  title: string;
  excerpt: string;
  coverAlt: string;
  body: string;
}

interface DemoPost {
  category: 'news' | 'buying-and-selling' | 'safety';
  /** How many days before the seed the post was published. */
  daysAgo: number;
  icon: LucideIcon;
  colour: string;
  /** Finnish always; a language left out has no translation of the post. */
  texts: { fi: DemoPostText } & Partial<Record<Locale, DemoPostText>>;
}

/** Three published posts, each in Finnish, Swedish, English and Russian (one translation group each). */
const DEMO_POSTS: DemoPost[] = [
  {
    category: 'safety',
    daysAgo: 2,
    icon: ShieldCheck,
    colour: '#1d5c8c',
    texts: {
      fi: {
        slug: 'viisi-merkkia-huijauksesta',
        title: 'Viisi merkkiä huijauksesta – ja miten toimit',
        excerpt: 'Useimmat huijaukset noudattavat samaa kaavaa. Kun tunnistat sen, voit ostaa ja myydä huoletta.',
        coverAlt: 'Kilpi ja valintamerkki',
        body: `<p>Lähes kaikki kaupat sujuvat hyvin. Huijari kuitenkin luottaa kiireeseen ja hyväntahtoisuuteen, joten nämä viisi merkkiä kannattaa tuntea.</p>
<h2>1. Maksulinkki viestissä</h2>
<p>Ostaja lähettää linkin, jonka kautta sinun pitäisi ”vastaanottaa maksu”. Sivu näyttää pankilta tai kuljetusyhtiöltä, mutta kysyy pankkitunnuksiasi. <strong>Rahan vastaanottaminen ei koskaan vaadi tunnuksiasi.</strong></p>
<h2>2. Ennakkomaksu tuntemattomalle</h2>
<p>Myyjä pyytää maksamaan ensin ja lupaa lähettää tuotteen myöhemmin. Maksa vasta, kun olet nähnyt tuotteen, tai käytä maksutapaa, jossa rahat vapautuvat vasta toimituksen jälkeen.</p>
<h2>3. Liian hyvä hinta</h2>
<p>Uusi puhelin puoleen hintaan tai vuokra-asunto keskustassa halvemmalla kuin muualla? Vertaa hintaa muihin ilmoituksiin.</p>
<h2>4. Kiire ja tunteet</h2>
<ul>
<li>”Muita ostajia on jonossa, päätä nyt.”</li>
<li>”Olen ulkomailla, kuriiri tuo tavaran.”</li>
<li>”Maksoin vahingossa liikaa, palauta erotus.”</li>
</ul>
<h2>5. Keskustelu siirretään muualle</h2>
<p>Huijari haluaa jatkaa WhatsAppissa tai sähköpostissa, jotta ylläpito ei näe viestejä. Pysy sivuston viesteissä: silloin voit ilmoittaa epäilyttävästä keskustelusta.</p>
<blockquote><p>Jos epäilet huijausta, ilmoita ilmoituksesta tai keskustelusta. Jos menetit rahaa, ota heti yhteys pankkiisi ja tee rikosilmoitus.</p></blockquote>
<p>Lisää vinkkejä: <a href="/info/safe-shops">turvallinen kaupankäynti</a>.</p>`,
      },
      sv: {
        slug: 'fem-tecken-pa-bedrageri',
        title: 'Fem tecken på bedrägeri – och vad du gör',
        excerpt: 'De flesta bedrägerier följer samma mönster. När du känner igen det kan du köpa och sälja utan oro.',
        coverAlt: 'En sköld med en bock',
        body: `<p>Nästan alla affärer går bra. En bedragare räknar ändå med brådska och välvilja, så de här fem tecknen är bra att känna till.</p>
<h2>1. En betalningslänk i ett meddelande</h2>
<p>Köparen skickar en länk där du ska ”ta emot betalningen”. Sidan ser ut som en bank eller ett fraktbolag, men frågar efter dina bankkoder. <strong>För att ta emot pengar behövs aldrig dina koder.</strong></p>
<h2>2. Förskottsbetalning till en okänd</h2>
<p>Säljaren ber dig betala först och lovar att skicka varan senare. Betala först när du har sett varan, eller använd ett betalsätt där pengarna frigörs först efter leveransen.</p>
<h2>3. Ett för bra pris</h2>
<p>En ny telefon till halva priset eller en hyresbostad i centrum billigare än någon annanstans? Jämför priset med andra annonser.</p>
<h2>4. Brådska och känslor</h2>
<ul>
<li>”Det finns andra köpare i kön, bestäm dig nu.”</li>
<li>”Jag är utomlands, en kurir kommer med varan.”</li>
<li>”Jag betalade för mycket av misstag, skicka tillbaka mellanskillnaden.”</li>
</ul>
<h2>5. Konversationen flyttas någon annanstans</h2>
<p>Bedragaren vill fortsätta på WhatsApp eller per e-post, så att moderatorerna inte ser meddelandena. Håll dig till webbplatsens meddelanden: då kan du anmäla en misstänkt konversation.</p>
<blockquote><p>Misstänker du bedrägeri, anmäl annonsen eller konversationen. Har du förlorat pengar, kontakta genast din bank och gör en brottsanmälan.</p></blockquote>
<p>Fler råd: <a href="/info/safe-shops">trygg handel</a>.</p>`,
      },
      en: {
        slug: 'five-signs-of-a-scam',
        title: 'Five signs of a scam – and what to do',
        excerpt: 'Most scams follow the same pattern. Once you recognise it, you can buy and sell without worry.',
        coverAlt: 'A shield with a check mark',
        body: `<p>Almost every deal goes well. A scammer, however, counts on haste and good will, so these five signs are worth knowing.</p>
<h2>1. A payment link in a message</h2>
<p>The buyer sends a link through which you should "receive the payment". The page looks like a bank or a delivery company, but asks for your online banking codes. <strong>Receiving money never needs your codes.</strong></p>
<h2>2. Paying a stranger in advance</h2>
<p>The seller asks you to pay first and promises to send the item later. Pay only once you have seen the item, or use a payment method that releases the money only after delivery.</p>
<h2>3. A price too good to be true</h2>
<p>A new phone at half price, or a flat in the city centre cheaper than anywhere else? Compare the price with other ads.</p>
<h2>4. Hurry and emotions</h2>
<ul>
<li>"Other buyers are waiting, decide now."</li>
<li>"I am abroad, a courier will bring the item."</li>
<li>"I paid too much by mistake, send back the difference."</li>
</ul>
<h2>5. The conversation moves elsewhere</h2>
<p>A scammer wants to continue on WhatsApp or by e-mail, so that the moderators cannot see the messages. Stay in the site's messages: then you can report a suspicious conversation.</p>
<blockquote><p>If you suspect a scam, report the ad or the conversation. If you lost money, contact your bank at once and report the crime to the police.</p></blockquote>
<p>More tips: <a href="/info/safe-shops">safe trading</a>.</p>`,
      },
      ru: {
        slug: 'pyat-priznakov-moshennichestva',
        title: 'Пять признаков мошенничества и что делать',
        excerpt: 'Большинство мошеннических схем похожи друг на друга. Узнав их, вы сможете покупать и продавать спокойно.',
        coverAlt: 'Щит с галочкой',
        body: `<p>Почти все сделки проходят хорошо. Но мошенник рассчитывает на спешку и доверчивость, поэтому эти пять признаков стоит знать.</p>
<h2>1. Ссылка на оплату в сообщении</h2>
<p>Покупатель присылает ссылку, по которой вы якобы должны «получить оплату». Страница похожа на банк или службу доставки, но запрашивает ваши банковские коды. <strong>Чтобы получить деньги, коды не нужны никогда.</strong></p>
<h2>2. Предоплата незнакомцу</h2>
<p>Продавец просит заплатить заранее и обещает отправить товар позже. Платите только увидев товар или выбирайте способ оплаты, при котором деньги переводятся продавцу после доставки.</p>
<h2>3. Слишком низкая цена</h2>
<p>Новый телефон за полцены или квартира в центре дешевле, чем где-либо ещё? Сравните цену с другими объявлениями.</p>
<h2>4. Спешка и эмоции</h2>
<ul>
<li>«Другие покупатели ждут, решайте сейчас».</li>
<li>«Я за границей, товар привезёт курьер».</li>
<li>«Я по ошибке перевёл слишком много, верните разницу».</li>
</ul>
<h2>5. Переписку переносят в другое место</h2>
<p>Мошенник хочет продолжить общение в WhatsApp или по почте, чтобы модераторы не видели сообщений. Переписывайтесь на сайте: тогда можно пожаловаться на подозрительный разговор.</p>
<blockquote><p>Если вы подозреваете мошенничество, пожалуйтесь на объявление или переписку. Если вы потеряли деньги, сразу свяжитесь с банком и подайте заявление в полицию.</p></blockquote>
<p>Больше советов: <a href="/info/safe-shops">безопасные сделки</a>.</p>`,
      },
    },
  },
  {
    category: 'buying-and-selling',
    daysAgo: 9,
    icon: Camera,
    colour: '#b3542d',
    texts: {
      fi: {
        slug: 'hyvat-myyntikuvat-puhelimella',
        title: 'Hyvät myyntikuvat puhelimella',
        excerpt: 'Kuva myy. Näillä vinkeillä ilmoituksesi erottuu ilman kalliita laitteita.',
        coverAlt: 'Kamera',
        body: `<p>Ostaja päättää usein ensimmäisen kuvan perusteella, avaako hän ilmoituksen. Hyvä kuva ei vaadi kameraa – puhelin riittää.</p>
<h2>Valo ensin</h2>
<p>Kuvaa päivänvalossa ikkunan vieressä. Sammuta salama: se tekee pinnoista kiiltäviä ja väreistä vääriä.</p>
<h2>Rauhallinen tausta</h2>
<p>Tyhjä seinä, lattia tai pöytä riittää. Siivoa kuvasta kaikki, mikä ei kuulu kauppaan.</p>
<h2>Näytä kaikki puolet</h2>
<ol>
<li>Koko tuote edestä</li>
<li>Sivut ja takapuoli</li>
<li>Merkki, malli tai kokolappu lähikuvana</li>
<li>Mahdolliset viat rehellisesti</li>
</ol>
<p>Rehellinen kuva viasta säästää molempien aikaa: ostaja tietää, mitä tulee katsomaan.</p>
<h3>Vinkki</h3>
<p>Sivusto poistaa kuvista sijaintitiedot automaattisesti, joten kotiosoitteesi ei paljastu kuvan tiedoista.</p>`,
      },
      sv: {
        slug: 'bra-forsaljningsbilder-med-mobilen',
        title: 'Bra försäljningsbilder med mobilen',
        excerpt: 'Bilden säljer. Med de här tipsen sticker din annons ut utan dyr utrustning.',
        coverAlt: 'En kamera',
        body: `<p>En köpare avgör ofta utifrån den första bilden om hen alls öppnar annonsen. En bra bild kräver ingen kamera – mobilen räcker.</p>
<h2>Ljuset först</h2>
<p>Fotografera i dagsljus vid ett fönster. Stäng av blixten: den får ytor att blänka och färgerna att bli fel.</p>
<h2>En lugn bakgrund</h2>
<p>En tom vägg, ett golv eller ett bord räcker. Plocka bort allt som inte hör till affären.</p>
<h2>Visa alla sidor</h2>
<ol>
<li>Hela varan framifrån</li>
<li>Sidorna och baksidan</li>
<li>Märke, modell eller storleksetikett i närbild</li>
<li>Eventuella fel, ärligt</li>
</ol>
<p>En ärlig bild av ett fel sparar tid för båda: köparen vet vad hen kommer för att titta på.</p>
<h3>Tips</h3>
<p>Webbplatsen tar automatiskt bort platsuppgifterna ur bilderna, så din hemadress avslöjas inte av bildens uppgifter.</p>`,
      },
      en: {
        slug: 'good-sale-photos-with-your-phone',
        title: 'Good sale photos with your phone',
        excerpt: 'The picture sells. With these tips your ad stands out without expensive equipment.',
        coverAlt: 'A camera',
        body: `<p>A buyer often decides from the first picture whether to open an ad at all. A good picture needs no camera – a phone will do.</p>
<h2>Light first</h2>
<p>Take the photo in daylight next to a window. Turn the flash off: it makes surfaces glare and colours wrong.</p>
<h2>A calm background</h2>
<p>A bare wall, floor or table is enough. Clear away everything that is not for sale.</p>
<h2>Show every side</h2>
<ol>
<li>The whole item from the front</li>
<li>The sides and the back</li>
<li>A close-up of the brand, model or size label</li>
<li>Any flaws, honestly</li>
</ol>
<p>An honest picture of a flaw saves both sides' time: the buyer knows what they are coming to see.</p>
<h3>Tip</h3>
<p>The site removes location data from pictures automatically, so your home address does not leak from the picture's details.</p>`,
      },
      ru: {
        slug: 'khoroshie-foto-dlya-obyavleniya',
        title: 'Хорошие фото для объявления на телефон',
        excerpt: 'Продаёт фотография. С этими советами ваше объявление выделится без дорогой техники.',
        coverAlt: 'Фотоаппарат',
        body: `<p>Покупатель часто решает по первой фотографии, открывать ли объявление. Для хорошего снимка не нужен фотоаппарат – достаточно телефона.</p>
<h2>Сначала свет</h2>
<p>Снимайте днём у окна. Выключите вспышку: из-за неё появляются блики и искажаются цвета.</p>
<h2>Спокойный фон</h2>
<p>Достаточно пустой стены, пола или стола. Уберите из кадра всё, что не продаётся.</p>
<h2>Покажите все стороны</h2>
<ol>
<li>Весь товар спереди</li>
<li>Бока и задняя сторона</li>
<li>Крупный план марки, модели или размера</li>
<li>Недостатки, честно</li>
</ol>
<p>Честное фото дефекта экономит время обоим: покупатель знает, что едет смотреть.</p>
<h3>Совет</h3>
<p>Сайт автоматически удаляет из фотографий данные о местоположении, так что ваш домашний адрес не раскроется.</p>`,
      },
    },
  },
  {
    category: 'buying-and-selling',
    daysAgo: 21,
    icon: PackageOpen,
    colour: '#2f7a4f',
    texts: {
      fi: {
        slug: 'muuttomyynti-ohje',
        title: 'Muutto edessä? Myy ennen kuin pakkaat',
        excerpt: 'Jokainen myyty tavara on yksi laatikko vähemmän. Näin järjestät muuttomyynnin viikossa.',
        coverAlt: 'Avattu pahvilaatikko',
        body: `<p>Muutto on hyvä hetki käydä tavarat läpi. Mitä vähemmän kannat, sitä halvempi ja nopeampi muutto – ja myydyistä tavaroista saa vielä rahaa.</p>
<h2>Viikon suunnitelma</h2>
<ul>
<li><strong>Maanantai:</strong> kierrä koti ja valitse, mitä et ota mukaan.</li>
<li><strong>Tiistai:</strong> kuvaa tavarat ja tee ilmoitukset.</li>
<li><strong>Keskiviikosta perjantaihin:</strong> vastaa viesteihin ja sovi noudot.</li>
<li><strong>Viikonloppu:</strong> laske hintaa tai anna loput ilmaiseksi.</li>
</ul>
<h2>Hinnoittelu</h2>
<p>Katso, mitä vastaavat tuotteet maksavat muissa ilmoituksissa. Kun aikaa on vähän, hieman edullisempi hinta myy nopeammin.</p>
<p>Isot huonekalut kannattaa ilmoittaa ensin: niiden nouto vie eniten aikaa.</p>`,
      },
      sv: {
        slug: 'flyttforsaljning-guide',
        title: 'Ska du flytta? Sälj innan du packar',
        excerpt: 'Varje såld sak är en flyttlåda mindre. Så här ordnar du en flyttförsäljning på en vecka.',
        coverAlt: 'En öppen pappkartong',
        body: `<p>En flytt är ett bra tillfälle att gå igenom sina saker. Ju mindre du bär, desto billigare och snabbare blir flytten – och det du säljer ger dessutom pengar.</p>
<h2>Veckans plan</h2>
<ul>
<li><strong>Måndag:</strong> gå runt hemma och välj vad du inte tar med dig.</li>
<li><strong>Tisdag:</strong> fotografera sakerna och lägg in annonserna.</li>
<li><strong>Onsdag till fredag:</strong> svara på meddelanden och kom överens om avhämtningar.</li>
<li><strong>Veckoslutet:</strong> sänk priserna eller ge bort resten gratis.</li>
</ul>
<h2>Prissättning</h2>
<p>Se vad motsvarande varor kostar i andra annonser. När tiden är knapp säljer ett lite lägre pris snabbare.</p>
<p>Annonsera de stora möblerna först: att hämta dem tar mest tid.</p>`,
      },
      en: {
        slug: 'moving-sale-guide',
        title: 'Moving soon? Sell before you pack',
        excerpt: 'Every item sold is one box fewer. Here is how to run a moving sale in a week.',
        coverAlt: 'An open cardboard box',
        body: `<p>A move is a good moment to go through your things. The less you carry, the cheaper and faster the move – and what you sell still brings in money.</p>
<h2>A plan for the week</h2>
<ul>
<li><strong>Monday:</strong> walk through your home and pick what stays behind.</li>
<li><strong>Tuesday:</strong> photograph the items and post the ads.</li>
<li><strong>Wednesday to Friday:</strong> answer messages and agree on pick-ups.</li>
<li><strong>Weekend:</strong> lower the prices or give the rest away.</li>
</ul>
<h2>Pricing</h2>
<p>Check what similar items cost in other ads. When time is short, a slightly lower price sells faster.</p>
<p>Post the big furniture first: collecting it takes the most time.</p>`,
      },
      ru: {
        slug: 'rasprodazha-pered-pereezdom',
        title: 'Скоро переезд? Продайте до того, как начнёте паковать',
        excerpt: 'Каждая проданная вещь – на одну коробку меньше. Как устроить распродажу за неделю.',
        coverAlt: 'Открытая картонная коробка',
        body: `<p>Переезд – хороший повод разобрать вещи. Чем меньше везти, тем дешевле и быстрее переезд, а проданные вещи ещё и приносят деньги.</p>
<h2>План на неделю</h2>
<ul>
<li><strong>Понедельник:</strong> обойдите дом и выберите, что не поедет с вами.</li>
<li><strong>Вторник:</strong> сфотографируйте вещи и разместите объявления.</li>
<li><strong>Со среды по пятницу:</strong> отвечайте на сообщения и договаривайтесь о встречах.</li>
<li><strong>Выходные:</strong> снизьте цены или отдайте остальное бесплатно.</li>
</ul>
<h2>Цена</h2>
<p>Посмотрите, сколько стоят похожие вещи в других объявлениях. Когда времени мало, чуть более низкая цена продаёт быстрее.</p>
<p>Крупную мебель выставляйте первой: её вывоз занимает больше всего времени.</p>`,
      },
    },
  },
];

/** A 1200×630 cover (the Open Graph size): the post's colour, soft circles and a large icon. */
function coverSvg(icon: LucideIcon, colour: string): string {
  const inner = renderToStaticMarkup(createElement(icon, { size: 24 }))
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="${colour}"/>
<circle cx="180" cy="520" r="260" fill="#ffffff" fill-opacity="0.08"/><circle cx="1080" cy="90" r="200" fill="#ffffff" fill-opacity="0.1"/>
<g transform="translate(600 315) scale(13) translate(-12 -12)" fill="none" stroke="#ffffff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${inner}</g>
</svg>`;
}

// Only used to tell the site's own links from external ones; the demo texts link to site paths.
const SEED_ORIGIN = 'http://localhost';

/**
 * The demo blog: three published posts in every language, written by the demo editor, with
 * covers drawn at seed time (no download). Only into a blog that has no posts yet.
 */
export async function seedDemoBlog(db: Database, storage: Storage): Promise<number> {
  const [existing] = await db.select({ id: blogPosts.id }).from(blogPosts).limit(1);
  if (existing) return 0;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'editor@example.com'));
  const categories = new Map((await db.select().from(blogCategories)).map((c) => [c.slug, c.id]));
  const now = Date.now();
  let written = 0;
  for (const post of DEMO_POSTS) {
    const drawing = await sharp(Buffer.from(coverSvg(post.icon, post.colour)))
      .png()
      .toBuffer();
    const cover = await makeContentPicture(drawing);
    const key = `content/demo-blog-${(post.texts.en ?? post.texts.fi).slug}.webp`;
    await storage.put(key, cover.data, 'image/webp');
    const publishAt = new Date(now - post.daysAgo * 86_400_000);
    const translationGroup = crypto.randomUUID();
    await db.insert(blogPosts).values(
      (Object.entries(post.texts) as [Locale, DemoPostText][]).map(([locale, text]) => ({
        slug: text.slug,
        locale,
        translationGroup,
        categoryId: categories.get(post.category) ?? null,
        status: 'published' as const,
        publishAt,
        title: text.title,
        excerpt: text.excerpt,
        bodyHtml: sanitizeRichText(text.body, SEED_ORIGIN),
        coverUrl: `/media/${key}`,
        coverWidth: cover.width,
        coverHeight: cover.height,
        coverAlt: text.coverAlt,
        authorId: author?.id ?? null,
        createdAt: publishAt,
        updatedAt: publishAt,
      })),
    );
    written += Object.keys(post.texts).length;
  }
  return written;
}
