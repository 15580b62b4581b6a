// The demo's product kinds: one drawing, subcategory, colours, materials, size and 3D shape per kind, so
// that a product's name, picture, layers, model, category and tags always agree (issue 17 item 10).
import { DRAWINGS, FOOTPRINTS, type Drawing } from './seed-drawings.ts';

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
  /** How wide the drawing stays seen from the side (1: round, it looks the same from every angle). */
  sideWidth: number;
  model: 'box' | 'cylinder';
  description: string;
  /** SVG elements in a 600 x 600 box, centred on x 300, standing on the floor line y 520. */
  draw: (colour: string) => string;
  /** Half the drawing's width at the floor (px), for its shadow. */
  footprint: number;
  /** A file-name-safe name of the kind. */
  slug: string;
}

const kind = (k: Omit<Kind, 'draw' | 'footprint' | 'slug'>, drawing: Drawing): Kind =>
  ({ ...k, draw: DRAWINGS[drawing], footprint: FOOTPRINTS[drawing], slug: k.noun.toLowerCase().replace(/\s+/g, '-') });

export const KINDS: readonly Kind[] = [
  kind({ noun: 'Sofa', subcategory: 'Sofas', colours: ['#588b8b', '#c8553d'], materials: ['velvet', 'linen', 'leather'], extras: [],
    size: [34, 84, 36], sideWidth: 0.45, model: 'box', description: 'Deep seat with removable, washable cushion covers.' }, 'sofa'),
  kind({ noun: 'Armchair', subcategory: 'Armchairs', colours: ['#e07a5f', '#3d5a80'], materials: ['velvet', 'leather', 'linen'], extras: ['outdoor'],
    size: [32, 30, 32], sideWidth: 0.8, model: 'box', description: 'A generous armchair with a sprung seat.' }, 'armchair'),
  kind({ noun: 'Coffee Table', subcategory: 'Coffee Tables', colours: ['#8b5e3c', '#c9a27a'], materials: ['oak', 'walnut', 'marble'], extras: [],
    size: [18, 48, 24], sideWidth: 0.5, model: 'box', description: 'Solid top with a lower shelf for books and trays.' }, 'coffeeTable'),
  kind({ noun: 'Floor Lamp', subcategory: 'Floor Lamps', colours: ['#2f2f2f', '#b08d57'], materials: ['metal', 'brass'], extras: [],
    size: [64, 16, 16], sideWidth: 1, model: 'cylinder', description: 'Fabric shade, foot switch, E27 bulb not included.' }, 'floorLamp'),
  kind({ noun: 'Vase', subcategory: 'Vases', colours: ['#81b29a', '#f2c57c'], materials: ['ceramic', 'glass'], extras: [],
    size: [14, 7, 7], sideWidth: 1, model: 'cylinder', description: 'Hand-glazed; watertight for fresh flowers.' }, 'vase'),
  kind({ noun: 'Bed', subcategory: 'Beds', colours: ['#6d597a', '#8aa29e'], materials: ['linen', 'velvet', 'oak'], extras: ['kids'],
    size: [44, 64, 84], sideWidth: 0.75, model: 'box', description: 'Upholstered headboard; slatted base included.' }, 'bed'),
  kind({ noun: 'Nightstand', subcategory: 'Nightstands', colours: ['#a0724b', '#e8e2d6'], materials: ['oak', 'walnut'], extras: ['kids'],
    size: [24, 20, 16], sideWidth: 0.8, model: 'box', description: 'Two soft-close drawers.' }, 'nightstand'),
  kind({ noun: 'Dining Chair', subcategory: 'Dining Chairs', colours: ['#7a5230', '#2f3e46'], materials: ['oak', 'walnut', 'leather'], extras: ['outdoor'],
    size: [33, 18, 21], sideWidth: 0.9, model: 'box', description: 'Stackable, sold in pairs.' }, 'diningChair'),
  kind({ noun: 'Pendant', subcategory: 'Pendants', colours: ['#f2c57c', '#355070'], materials: ['metal', 'glass', 'brass'], extras: [],
    size: [12, 16, 16], sideWidth: 1, model: 'cylinder', description: 'Adjustable cord up to 59 in; dimmable.' }, 'pendant'),
  kind({ noun: 'Rug', subcategory: 'Rugs', colours: ['#b56576', '#43aa8b'], materials: ['wool', 'linen'], extras: ['kids'],
    size: [0.5, 96, 60], sideWidth: 0.7, model: 'box', description: 'Hand-tufted with a non-slip backing.' }, 'rug'),
  kind({ noun: 'Mirror', subcategory: 'Mirrors', colours: ['#b08d57', '#2f2f2f'], materials: ['glass', 'brass', 'metal'], extras: [],
    size: [65, 24, 2], sideWidth: 0.12, model: 'box', description: 'Full-length arched mirror; wall fixings included.' }, 'mirror'),
  kind({ noun: 'Sideboard', subcategory: 'Sideboards', colours: ['#8b5e3c', '#c9a27a'], materials: ['oak', 'walnut'], extras: [],
    size: [32, 72, 18], sideWidth: 0.3, model: 'box', description: 'Four doors with adjustable shelves behind them.' }, 'sideboard'),
  kind({ noun: 'TV Stand', subcategory: 'TV Stands', colours: ['#3a3a3a', '#c9a27a'], materials: ['oak', 'walnut', 'metal'], extras: [],
    size: [22, 66, 16], sideWidth: 0.3, model: 'box', description: 'Open shelves and a cable outlet at the back.' }, 'tvStand'),
  kind({ noun: 'Dresser', subcategory: 'Dressers', colours: ['#e8e2d6', '#8b5e3c'], materials: ['oak', 'walnut'], extras: ['kids'],
    size: [44, 36, 18], sideWidth: 0.55, model: 'box', description: 'Four drawers on full-extension runners.' }, 'dresser'),
  kind({ noun: 'Dining Table', subcategory: 'Dining Tables', colours: ['#c9a27a', '#5c4033'], materials: ['oak', 'walnut', 'marble'], extras: ['outdoor'],
    size: [30, 72, 38], sideWidth: 0.55, model: 'box', description: 'Seats six; the top is oiled, not lacquered.' }, 'diningTable'),
  kind({ noun: 'Table Lamp', subcategory: 'Table Lamps', colours: ['#43aa8b', '#eaac8b'], materials: ['ceramic', 'linen'], extras: [],
    size: [24, 14, 14], sideWidth: 1, model: 'cylinder', description: 'Ceramic base with a linen shade.' }, 'tableLamp'),
];

/** Tags any kind may carry. */
export const GENERAL_TAGS = ['bestseller', 'new', 'sale', 'limited', 'premium', 'eco'] as const;

/** Every product tag of a demo company: the general ones and every kind's materials and extras. */
export const PRODUCT_TAGS: readonly string[] = [...new Set([...GENERAL_TAGS, ...KINDS.flatMap((k) => [...k.materials, ...k.extras])])];

/** The kind and finish of the i-th demo product of a company (every kind, both finishes, in turn). */
export function kindOf(i: number): { kind: Kind; colour: string; variant: 0 | 1 } {
  const kind = KINDS[i % KINDS.length]!;
  const variant = (Math.floor(i / KINDS.length) % 2) as 0 | 1;
  return { kind, colour: kind.colours[variant], variant };
}
