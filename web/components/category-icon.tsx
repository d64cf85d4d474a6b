import { Briefcase, Car, Factory, HandHelping, House, type LucideIcon, PawPrint, Shirt, Smartphone, Tag, Tent, Wrench } from 'lucide-react';

/**
 * One drawing per top-level category (spec's parent slugs), inline SVG like every icon here: no
 * icon font, nothing to download. A category staff add later gets the tag.
 */
const ICONS: Record<string, LucideIcon> = {
  transport: Car,
  'real-estate': House,
  jobs: Briefcase,
  'personal-items': Shirt,
  'business-and-equipment': Factory,
  animals: PawPrint,
  'hobbies-and-recreation': Tent,
  'parts-and-accessories': Wrench,
  electronics: Smartphone,
  services: HandHelping,
};

export function CategoryIcon({ slug, size = 24, className }: { slug: string; size?: number; className?: string }) {
  const Icon = ICONS[slug] ?? Tag;
  return <Icon aria-hidden size={size} className={className} />;
}
