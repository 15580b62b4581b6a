// The demo's product kinds: subcategory, colours, materials and size per kind, and one 3D model
// (demo-models.ts, by slug), so that a product's name, picture, layers, model, category and tags
// always agree (issue 17 item 10).

export interface Kind {
  noun: string;
  subcategory: string;
  /** Two finishes of the kind; a product's picture, layers and model use one of them. */
  colours: readonly [string, string];
  /** Material tags that fit the kind (one is picked per product). */
  materials: readonly string[];
  /** Other tags that fit (kids, outdoor…), besides the general ones. */
  extras: readonly string[];
  /** Height, width, depth in inches. */
  size: readonly [number, number, number];
  description: string;
  /** A file-name-safe name of the kind; also names its model in demo-models.ts. */
  slug: string;
}

const kind = (k: Omit<Kind, 'slug'>): Kind => ({ ...k, slug: k.noun.toLowerCase().replace(/\s+/g, '-') });

export const KINDS: readonly Kind[] = [
  kind({
    noun: 'Sofa',
    subcategory: 'Sofas',
    colours: ['#588b8b', '#c8553d'],
    materials: ['velvet', 'linen', 'leather'],
    extras: [],
    size: [34, 84, 36],
    description: 'Deep seat with removable, washable cushion covers.',
  }),
  kind({
    noun: 'Armchair',
    subcategory: 'Armchairs',
    colours: ['#e07a5f', '#3d5a80'],
    materials: ['velvet', 'leather', 'linen'],
    extras: ['outdoor'],
    size: [32, 30, 32],
    description: 'A generous armchair with a sprung seat.',
  }),
  kind({
    noun: 'Coffee Table',
    subcategory: 'Coffee Tables',
    colours: ['#8b5e3c', '#c9a27a'],
    materials: ['oak', 'walnut', 'marble'],
    extras: [],
    size: [18, 48, 24],
    description: 'Solid top with a lower shelf for books and trays.',
  }),
  kind({
    noun: 'Floor Lamp',
    subcategory: 'Floor Lamps',
    colours: ['#2f2f2f', '#b08d57'],
    materials: ['metal', 'brass'],
    extras: [],
    size: [64, 16, 16],
    description: 'Fabric shade, foot switch, E27 bulb not included.',
  }),
  kind({
    noun: 'Vase',
    subcategory: 'Vases',
    colours: ['#81b29a', '#f2c57c'],
    materials: ['ceramic', 'glass'],
    extras: [],
    size: [14, 7, 7],
    description: 'Hand-glazed; watertight for fresh flowers.',
  }),
  kind({
    noun: 'Bed',
    subcategory: 'Beds',
    colours: ['#6d597a', '#8aa29e'],
    materials: ['linen', 'velvet', 'oak'],
    extras: ['kids'],
    size: [44, 64, 84],
    description: 'Upholstered headboard; slatted base included.',
  }),
  kind({
    noun: 'Nightstand',
    subcategory: 'Nightstands',
    colours: ['#a0724b', '#e8e2d6'],
    materials: ['oak', 'walnut'],
    extras: ['kids'],
    size: [24, 20, 16],
    description: 'Two soft-close drawers.',
  }),
  kind({
    noun: 'Dining Chair',
    subcategory: 'Dining Chairs',
    colours: ['#7a5230', '#2f3e46'],
    materials: ['oak', 'walnut', 'leather'],
    extras: ['outdoor'],
    size: [33, 18, 21],
    description: 'Stackable, sold in pairs.',
  }),
  kind({
    noun: 'Pendant',
    subcategory: 'Pendants',
    colours: ['#f2c57c', '#355070'],
    materials: ['metal', 'glass', 'brass'],
    extras: [],
    size: [12, 16, 16],
    description: 'Adjustable cord up to 59 in; dimmable.',
  }),
  kind({
    noun: 'Rug',
    subcategory: 'Rugs',
    colours: ['#b56576', '#43aa8b'],
    materials: ['wool', 'linen'],
    extras: ['kids'],
    size: [0.5, 96, 60],
    description: 'Hand-tufted with a non-slip backing.',
  }),
  kind({
    noun: 'Mirror',
    subcategory: 'Mirrors',
    colours: ['#b08d57', '#2f2f2f'],
    materials: ['glass', 'brass', 'metal'],
    extras: [],
    size: [65, 24, 2],
    description: 'Full-length arched mirror; wall fixings included.',
  }),
  kind({
    noun: 'Sideboard',
    subcategory: 'Sideboards',
    colours: ['#8b5e3c', '#c9a27a'],
    materials: ['oak', 'walnut'],
    extras: [],
    size: [32, 72, 18],
    description: 'Four doors with adjustable shelves behind them.',
  }),
  kind({
    noun: 'TV Stand',
    subcategory: 'TV Stands',
    colours: ['#3a3a3a', '#c9a27a'],
    materials: ['oak', 'walnut', 'metal'],
    extras: [],
    size: [22, 66, 16],
    description: 'Open shelves and a cable outlet at the back.',
  }),
  kind({
    noun: 'Dresser',
    subcategory: 'Dressers',
    colours: ['#e8e2d6', '#8b5e3c'],
    materials: ['oak', 'walnut'],
    extras: ['kids'],
    size: [44, 36, 18],
    description: 'Four drawers on full-extension runners.',
  }),
  kind({
    noun: 'Dining Table',
    subcategory: 'Dining Tables',
    colours: ['#c9a27a', '#5c4033'],
    materials: ['oak', 'walnut', 'marble'],
    extras: ['outdoor'],
    size: [30, 72, 38],
    description: 'Seats six; the top is oiled, not lacquered.',
  }),
  kind({
    noun: 'Table Lamp',
    subcategory: 'Table Lamps',
    colours: ['#43aa8b', '#eaac8b'],
    materials: ['ceramic', 'linen'],
    extras: [],
    size: [24, 14, 14],
    description: 'Ceramic base with a linen shade.',
  }),
];

/** Tags any kind may carry. */
export const GENERAL_TAGS = ['bestseller', 'new', 'sale', 'limited', 'premium', 'eco'] as const;

/** Every product tag of a demo company: the general ones and every kind's materials and extras. */
export const PRODUCT_TAGS: readonly string[] = [
  ...new Set([...GENERAL_TAGS, ...KINDS.flatMap((k) => [...k.materials, ...k.extras])]),
];

/** The kind and finish of the i-th demo product of a company (every kind, both finishes, in turn). */
export function kindOf(i: number): { kind: Kind; colour: string; variant: 0 | 1 } {
  const kind = KINDS[i % KINDS.length]!;
  const variant = (Math.floor(i / KINDS.length) % 2) as 0 | 1;
  return { kind, colour: kind.colours[variant], variant };
}
